/**
 * A cluster of real processes on PostgreSQL and NATS (docs/scaling.md): an engine pair
 * (NODE_ROLE=engine) and three edges, in a schema and bus prefix of the bench's own. Prints:
 *   - orders: market submit + close pairs per second from 20 demo accounts through two edges, and
 *     the same through one single node (no bus) on the same PostgreSQL, with p50/p99 of a pair;
 *   - sockets: N websockets split across the three edges, subscribed to DAY_MARKET: how many
 *     connected, frames per second and delivery delay (frame `time` to arrival), beside one bare
 *     `ws` server broadcasting at the same rate to the same number of clients;
 *   - a slow reader: SLOW_SOCKETS sockets over the three edges, p99 delivery without and then with
 *     one more socket on the first edge that subscribes to every quote and candle and reads nothing;
 *   - takeover: the time from a signal to the active engine (SIGKILL, then SIGTERM, K times each)
 *     until a keyed order placed through an edge succeeds again (one sent every 50 ms), min,
 *     median and max; the killed node is started again each time, so a standby is always there.
 * Ends with a dated summary and the machine's load, since nodes, clients and yardstick share its cores.
 * Usage: npm run bench:cluster [-- SOCKETS PAIRS ROUNDS]  (or CLUSTER_SOCKETS, CLUSTER_PAIRS,
 * CLUSTER_ROUNDS; defaults 10000, 600, 5). DATABASE_URL (default 127.0.0.1:5432/test), NATS_URL
 * (default nats://127.0.0.1:4222).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { deployment, type BenchNode } from './support/cluster-nodes';
import { createWire, type Wire } from './support/money-flows';

const [socketsArg, pairsArg, roundsArg] = process.argv.slice(2);
const SOCKETS = Number(socketsArg ?? process.env.CLUSTER_SOCKETS ?? 10_000);
const PAIRS = Number(pairsArg ?? process.env.CLUSTER_PAIRS ?? 600);
const ROUNDS = Number(roundsArg ?? process.env.CLUSTER_ROUNDS ?? 5);
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const ACCOUNTS = 20;
const POLL_MS = 50;
const FANOUT_SECONDS = 8;
/** Few enough that the machine is not saturated, so that what one slow reader does shows. */
const SLOW_SOCKETS = 300;
const root = path.resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const load = () => os.loadavg()[0]!.toFixed(2);
const summary: string[] = [];
const report = (line: string) => {
  console.log(`cluster: ${line}`);
  summary.push(line);
};

// ---- Accounts and orders, over the wire as the app speaks it ------------------------------------

interface Trader { token: string; wire: Wire }
interface Product { id: number; min: number; leverage: number }
let devices = 0;

async function demoTraders(wires: Wire[], n: number): Promise<Trader[]> {
  const traders: Trader[] = [];
  for (let i = 0; i < n; i++) {
    const wire = wires[i % wires.length]!;
    devices += 1;
    const res = await wire.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() }, undefined, `10.9.${devices >> 8}.${devices & 255}`);
    if (res?.code !== 1) throw new Error(`demo account refused: ${res?.msg}`);
    traders.push({ token: res.data.token, wire });
  }
  return traders;
}

/** A crypto product (they trade every day), once the node sees it open with a price. */
async function tradable(wire: Wire): Promise<Product> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(500)) {
    const list = await wire.get('/v1/api/forex/trade_list', {});
    const p = (list?.data ?? []).find((x: { Code: string; MarketStatus: number; ForexQuotations: { Close: number } }) => x.Code === 'BTCUSD' && x.MarketStatus === 1 && x.ForexQuotations.Close > 0);
    if (p) return { id: p.Id, min: p.ForexMinCont, leverage: Math.max(...p.HasForexMultiple.map((m: { Value: number }) => m.Value)) };
  }
  throw new Error('BTCUSD never traded');
}

const submit = (trader: Trader, product: Product) => trader.wire.get('/v1/api/forex/submit', {
  type: 1, cont: product.min, forex_id: product.id, status: 1, target_price: 0, stop_loss_price: 0, target_profit_price: 0,
  multiple: product.leverage, request_id: crypto.randomUUID(),
}, trader.token);

/** Submit + close pairs from every trader at once; the first pair of each (the engine learns its wallet) is not counted. */
async function throughput(traders: Trader[], product: Product, pairs: number) {
  let refused = 0;
  const pair = async (trader: Trader) => {
    const t0 = performance.now();
    const opened = await submit(trader, product);
    const closed = opened?.code === 1 ? await trader.wire.get('/v1/api/forex/close', { id: opened.data.Id }, trader.token) : undefined;
    if (closed?.code !== 1) refused += 1;
    return performance.now() - t0;
  };
  await Promise.all(traders.map(pair));
  refused = 0;
  const latencies: number[] = [];
  let left = pairs;
  const started = performance.now();
  await Promise.all(traders.map(async (trader) => {
    while (left-- > 0) latencies.push(await pair(trader));
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return `${(pairs / seconds).toFixed(0)} pairs/s, p50 ${pct(latencies, 0.5).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms${refused ? `, ${refused} refused` : ''}`;
}

// ---- Sockets: the fan-out bench's clients and bare server, split over several URLs ---------------

function tsx(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
}

function printed(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      const m = pattern.exec((out += d.toString()));
      if (m) resolve(m);
    });
    child.on('exit', () => reject(new Error(`exited before printing ${pattern}: ${out.slice(-500)}`)));
  });
}

interface Fanout { clients: number; perSecond: number; p50: number; p99: number }

/** `n` clients split evenly over `urls`, one client process per URL; the worst group's delays. */
async function fanout(urls: string[], n: number): Promise<Fanout> {
  const groups = await Promise.all(urls.map(async (url, i) => {
    const share = Math.floor(n / urls.length) + (i < n % urls.length ? 1 : 0);
    const child = tsx(['bench/support/fanout-clients.ts', url, String(share), String(FANOUT_SECONDS)]);
    return JSON.parse((await printed(child, /(\{.*\})\n/))[1]!) as Fanout;
  }));
  return {
    clients: groups.reduce((sum, g) => sum + g.clients, 0),
    perSecond: groups.reduce((sum, g) => sum + g.perSecond, 0),
    p50: Math.max(...groups.map((g) => g.p50)),
    p99: Math.max(...groups.map((g) => g.p99)),
  };
}

async function sockets(edges: BenchNode[]) {
  const urls = edges.map((edge) => `ws://127.0.0.1:${edge.port}/v1/ws`);
  const rate = (await fanout(urls.slice(0, 1), 1)).perSecond;
  const loadBefore = load();
  const ours = await fanout(urls, SOCKETS);
  const yardstick = tsx(['bench/support/bare-broadcast.ts', String(rate)]);
  const bare = await (async () => {
    try {
      const port = (await printed(yardstick, /PORT (\d+)/))[1];
      return await fanout(urls.map(() => `ws://127.0.0.1:${port}/v1/ws`), SOCKETS);
    } finally {
      yardstick.kill('SIGTERM');
    }
  })();
  const line = (f: Fanout) => `${f.clients} connected, ${f.perSecond} frames/s, p50 ${f.p50} ms, p99 ${f.p99} ms`;
  report(`sockets (${SOCKETS} asked, ${rate} DAY_MARKET frames/s each, load ${loadBefore} -> ${load()}):`);
  report(`  3 edges     ${line(ours)}`);
  report(`  bare ws     ${line(bare)}  (p99 x${(ours.p99 / Math.max(1, bare.p99)).toFixed(1)} of bare)`);
}

/** Other sockets' delivery without and with one socket on the first edge that reads nothing. */
async function slowReader(edges: BenchNode[], codes: string[]) {
  const urls = edges.map((edge) => `ws://127.0.0.1:${edge.port}/v1/ws`);
  const without = await fanout(urls, SLOW_SOCKETS);
  const reader = tsx(['bench/support/slow-reader.ts', urls[0]!, ...codes]);
  try {
    await printed(reader, /READING-NOTHING/);
    const beside = await fanout(urls, SLOW_SOCKETS);
    report(`a slow reader (${SLOW_SOCKETS} sockets over 3 edges, load ${load()}): p99 ${without.p99} ms without it, ${beside.p99} ms with one socket on edge-1 that reads nothing (p50 ${without.p50} -> ${beside.p50} ms)`);
  } finally {
    reader.kill('SIGTERM');
  }
}

// ---- Takeover: a signal to the active engine until an order succeeds again -----------------------

async function activeEngine(engines: BenchNode[]): Promise<{ active: BenchNode; standby: BenchNode }> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    const states = await Promise.all(engines.map((engine) => engine.health()));
    const a = states.findIndex((s) => s?.engine === 'active');
    if (a >= 0 && states[1 - a]?.engine === 'standby') return { active: engines[a]!, standby: engines[1 - a]! };
  }
  throw new Error('no engine pair with one active and one standby within a minute');
}

async function takeover(engines: BenchNode[], trader: Trader, product: Product, signal: NodeJS.Signals): Promise<number> {
  const { active } = await activeEngine(engines);
  let back: number | undefined;
  const orders: Promise<unknown>[] = [];
  const stopped = active.signal(signal);
  const t0 = performance.now();
  // A new keyed order every 50 ms, each waiting as long as the edge lets it: the first that succeeds ends the wait.
  while (back === undefined && performance.now() - t0 < 60_000) {
    orders.push(submit(trader, product).then((res) => {
      if (res?.code === 1) back ??= performance.now() - t0;
    }));
    await sleep(POLL_MS);
  }
  await Promise.all(orders);
  await stopped;
  await active.start();
  if (back === undefined) throw new Error(`no order succeeded within a minute of ${signal}`);
  return back;
}

function spread(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${label} x${times.length}: min ${sorted[0]!.toFixed(0)} ms, median ${pct(sorted, 0.5).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms  (${times.map((t) => t.toFixed(0)).join(', ')})`;
}

// ---- The run ---------------------------------------------------------------------------------------

const date = new Date().toISOString().slice(0, 10);
console.log(`cluster: ${date}, ${os.cpus().length} cores, load ${load()}; ${SOCKETS} sockets, ${PAIRS} pairs, ${ROUNDS} kills of each kind`);

const cluster = await deployment('nodes', { natsUrl: NATS_URL });
try {
  const engines = [cluster.node('engine-1', { NODE_ROLE: 'engine' }), cluster.node('engine-2', { NODE_ROLE: 'engine' })];
  const edges = [1, 2, 3].map((i) => cluster.node(`edge-${i}`, { NODE_ROLE: 'edge' }));
  await engines[0]!.start(); // the first seeds the store
  await Promise.all([engines[1]!.start(), ...edges.map((edge) => edge.start())]);
  await activeEngine(engines);
  const wires = edges.map((edge) => createWire(edge.base, { ok: 0, refused: 0, transport: 0 }));
  const product = await tradable(wires[0]!);

  const traders = await demoTraders(wires.slice(0, 2), ACCOUNTS);
  report(`orders, 2 edges + engine pair (load ${load()}): ${await throughput(traders, product, PAIRS)}`);

  await sockets(edges);
  const codes = ((await wires[0]!.get('/v1/api/forex/trade_list', {}))?.data as { Code: string }[]).map((p) => p.Code);
  await slowReader(edges, codes);

  const pollers = await demoTraders(wires.slice(0, 1), 2 * ROUNDS);
  const times: Record<'SIGKILL' | 'SIGTERM', number[]> = { SIGKILL: [], SIGTERM: [] };
  const loadBefore = load();
  for (const [i, signal] of [...Array(ROUNDS).fill('SIGKILL'), ...Array(ROUNDS).fill('SIGTERM')].entries()) {
    times[signal as 'SIGKILL' | 'SIGTERM'].push(await takeover(engines, pollers[i]!, product, signal));
  }
  report(`takeover, order back through an edge after a signal to the active engine (load ${loadBefore} -> ${load()}):`);
  report(`  ${spread('SIGKILL', times.SIGKILL)}`);
  report(`  ${spread('SIGTERM', times.SIGTERM)}`);
} finally {
  await cluster.close();
}

const alone = await deployment('single');
try {
  const single = alone.node('single', { NODE_ROLE: 'all' });
  await single.start();
  const wire = createWire(single.base, { ok: 0, refused: 0, transport: 0 });
  const traders = await demoTraders([wire], ACCOUNTS);
  report(`orders, one node without a bus (load ${load()}): ${await throughput(traders, await tradable(wire), PAIRS)}`);
} finally {
  await alone.close();
}

console.log(`\ncluster summary, ${date} (${os.cpus().length} cores, shared; load ${load()}):`);
for (const line of summary) console.log(`  ${line}`);
process.exit(0);
