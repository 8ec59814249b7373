/**
 * Websocket fan-out: one server process, N clients on loopback subscribed to DAY_MARKET with every
 * instrument ticking. Prints delivered frames per second and p99 delay for N = 100, 1000, 5000, for
 * our server and for a bare `ws` broadcast at the same tick rate, the throughput ratio ours/bare and
 * our p99 as a multiple of the bare one's. The bare server runs twice: with its frames stamped when
 * sent (its own lateness hidden, ticks it is late for dropped) and stamped when due, as our market
 * stamps its ticks (see `support/bare-broadcast.ts`). The machine's load average is printed with
 * each row, since the clients, the server and the yardstick share its cores.
 * Usage: npm run bench:ws-fanout [-- 100 1000 5000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const N = sizes.length > 0 ? sizes : [100, 1000, 5000];
const SECONDS = 8;
const tsx = ['--import', 'tsx'];

interface Result {
  clients: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [...tsx, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

function firstLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) resolve(m);
    });
    child.on('exit', () => reject(new Error(`exited before printing ${pattern}: ${out.slice(-500)}`)));
  });
}

async function clients(url: string, n: number): Promise<Result> {
  const child = run(['bench/support/fanout-clients.ts', url, String(n), String(SECONDS)]);
  const m = await firstLine(child, /(\{.*\})\n/);
  return JSON.parse(m[1]!) as Result;
}

async function ours(): Promise<{ url: string; stop: () => void }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  const child = run(['server/main.ts'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: '1', MARKET_FEED: 'simulated', CLIENT_DIR: path.join(dataDir, 'none'),
    // Every client of the bench comes from this one machine.
    SOCKETS_PER_ADDRESS: '100000' });
  await firstLine(child, /ready in \d+ ms \(\w+ store\)/);
  return { url: `ws://127.0.0.1:${port}/v1/ws`, stop: () => { child.kill('SIGTERM'); fs.rmSync(dataDir, { recursive: true, force: true }); } };
}

type Timing = 'sent' | 'due';

async function bare(rate: number, timing: Timing): Promise<{ url: string; stop: () => void }> {
  const child = run(['bench/support/bare-broadcast.ts', String(rate), timing]);
  const m = await firstLine(child, /PORT (\d+)/);
  return { url: `ws://127.0.0.1:${m[1]}/v1/ws`, stop: () => child.kill('SIGTERM') };
}

const server = await ours();
const single = await clients(server.url, 1);
const rate = single.perSecond;
console.log(`ws-fanout: our market ticks ${rate} frames/s to one client; the bare server broadcasts at that rate (${os.cpus().length} cores)`);
const load = () => os.loadavg()[0]!.toFixed(2);
async function yardstick(n: number, timing: Timing): Promise<Result> {
  const bareServer = await bare(rate, timing);
  try {
    return await clients(bareServer.url, n);
  } finally {
    bareServer.stop();
  }
}
const figures = (r: Result) => `${String(r.perSecond).padStart(7)}/s p99 ${String(r.p99).padStart(5)} ms`;
const against = (a: Result, b: Result) =>
  `ratio ${(a.perSecond / Math.max(1, b.perSecond)).toFixed(2)}, p99 x${(a.p99 / Math.max(1, b.p99)).toFixed(2)}`;
for (const n of N) {
  const loadBefore = load();
  const a = await clients(server.url, n);
  const sent = await yardstick(n, 'sent');
  const due = await yardstick(n, 'due');
  console.log(
    `N=${String(n).padStart(5)}  ours ${figures(a)} (${a.clients} connected)` +
      `  | bare, stamped when sent ${figures(sent)}: ${against(a, sent)}` +
      `  | bare, stamped when due ${figures(due)}: ${against(a, due)}  (load ${loadBefore} -> ${load()})`,
  );
}
server.stop();
process.exit(0);
