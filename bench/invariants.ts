/**
 * Money invariants under load and crashes: random operations (open, close, cancel, edit SL/TP, with
 * levels near the price so ticks cross them, and high leverage so stop-outs happen) from concurrent
 * demo accounts against a real server, killed with SIGKILL and restarted 3 times midway. The market
 * is a replay written here: a violent seeded walk with sudden jumps, so that triggers and stop-outs
 * happen within minutes (each restart plays it again from the start, a gap like a reopen). Afterwards, on the store itself, for every account:
 *   balance = 10,000 + realised P&L - fees - margin held - house cover, and = the sum of its ledger;
 *   no negative balance; every order in exactly one state with one opening and at most one
 *   closing record. Prints the counts; exits 1 when an invariant is broken.
 * Usage: npm run bench:invariants [-- OPERATIONS ACCOUNTS]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { INSTRUMENTS } from '../server/market/catalogue';
import { mulberry32 } from '../server/market/random';
import { accountsOffTheirLedger } from '../server/ledger/ledger';
import { openStore, rowsOf } from '../server/platform/store/open';

const root = path.resolve(import.meta.dirname, '..');
const OPERATIONS = Number(process.argv[2] ?? 10_000);
const ACCOUNTS = Number(process.argv[3] ?? 50);
const KILLS = 3;
const CODES = ['BTCUSD', 'ETHUSD', 'SOLUSD', 'XRPUSD', 'LTCUSD']; // crypto trades every day

const random = mulberry32(20261122);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invariants-'));
const replayFile = path.join(dataDir, 'market.jsonl');
fs.writeFileSync(replayFile, violentMarket(600));

/**
 * Quotes 4 times a second per code for `seconds`: a log random walk of 0.15 % a tick pulled back
 * towards the start, and a jump of 3 to 8 % about every 25 s per code.
 */
function violentMarket(seconds: number): string {
  const lines: string[] = [];
  for (const code of CODES) {
    const start = INSTRUMENTS.find((i) => i.code === code)!.startPrice;
    let log = 0;
    for (let t = 0; t < seconds * 1000; t += 250) {
      const jump = random() < 0.01 ? (random() < 0.5 ? -1 : 1) * (0.03 + random() * 0.05) : 0;
      log += (random() * 2 - 1) * 0.0026 + jump - log * 0.002; // uniform on ±0.26 %: 0.15 % standard deviation
      const bid = Number((start * Math.exp(log)).toPrecision(6));
      lines.push(JSON.stringify({ t, code, bid, ask: Number((bid * 1.0002).toPrecision(6)) }));
    }
  }
  return lines.join('\n');
}
const port = 19000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;

function start(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MARKET_FEED: `replay:${replayFile}`, CLIENT_DIR: path.join(dataDir, 'none') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    server!.stdout!.on('data', (d) => {
      out += d.toString();
      if (/ready in \d+ ms \(\w+ store\)/.test(out)) resolve();
    });
    server!.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${out.slice(-400)}`)));
  });
}

function kill(signal: NodeJS.Signals): Promise<void> {
  const child = server!;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const counts = { ok: 0, refused: 0, transport: 0, opened: 0, closed: 0, cancelled: 0, edited: 0 };

async function get(url: string, query: Record<string, string | number>, token?: string): Promise<{ code: number; msg: string; data: any } | undefined> {
  const qs = new URLSearchParams(Object.entries({ ...query, t: Date.now() }).map(([k, v]) => [k, String(v)]));
  try {
    const res = await fetch(`${base}${url}?${qs}`, { headers: token ? { authorization: token, lang: 'en' } : { lang: 'en' } });
    const body = (await res.json()) as { code: number; msg: string; data: any };
    counts[body.code === 1 ? 'ok' : 'refused'] += 1;
    return body;
  } catch {
    counts.transport += 1; // the server is down: a kill is under way
    return undefined;
  }
}

interface Trader {
  token: string;
  open: number[];
  pending: number[];
}

const products = new Map<string, { id: number; price: number; min: number; leverages: number[] }>();

async function refreshPrices() {
  const list = await get('/v1/api/forex/trade_list', {});
  for (const p of list?.data ?? []) {
    if (CODES.includes(p.Code)) products.set(p.Code, { id: p.Id, price: p.ForexQuotations.Close, min: p.ForexMinCont, leverages: p.HasForexMultiple.map((m: { Value: number }) => m.Value) });
  }
}

/** One random operation of one trader; levels within 0.3 % of the price so that ticks reach them. */
async function operate(trader: Trader) {
  const roll = random();
  const product = products.get(pick(CODES))!;
  const near = (sign: number) => Number((product.price * (1 + sign * (0.0005 + random() * 0.003))).toPrecision(8));
  if (roll < 0.45 || trader.open.length + trader.pending.length === 0) {
    const side = random() < 0.5 ? 1 : 2;
    const pending = random() < 0.25;
    const sl = random() < 0.5 ? near(side === 1 ? -1 : 1) : 0;
    const tp = random() < 0.5 ? near(side === 1 ? 1 : -1) : 0;
    const res = await get('/v1/api/forex/submit', {
      // Half small, half large enough to strain the account (and be refused when it cannot pay).
      type: side, cont: Number((product.min * (1 + Math.floor(random() * (random() < 0.5 ? 20 : 400)))).toFixed(8)), forex_id: product.id, status: pending ? 0 : 1,
      target_price: pending ? near(random() < 0.5 ? 1 : -1) : 0, stop_loss_price: sl, target_profit_price: tp,
      multiple: Math.max(...product.leverages), request_id: `inv-${Math.floor(random() * 1e12)}`,
    }, trader.token);
    if (res?.code === 1) {
      counts.opened += 1;
      (res.data.Status === 0 ? trader.pending : trader.open).push(res.data.Id);
    }
  } else if (roll < 0.7 && trader.open.length > 0) {
    const id = trader.open.splice(Math.floor(random() * trader.open.length), 1)[0]!;
    if ((await get('/v1/api/forex/close', { id }, trader.token))?.code === 1) counts.closed += 1;
  } else if (roll < 0.85 && trader.pending.length > 0) {
    const id = trader.pending.splice(Math.floor(random() * trader.pending.length), 1)[0]!;
    if ((await get('/v1/api/forex/cancel_trade', { id }, trader.token))?.code === 1) counts.cancelled += 1;
  } else if (trader.open.length > 0) {
    const id = pick(trader.open);
    const res = await get('/v1/api/forex/set_stop_price', { id, stop_loss_price: 0, target_profit_price: 0 }, trader.token);
    if (res?.code === 1) counts.edited += 1;
  }
}

// Never leave a server behind, whatever happens here.
process.on('exit', () => server?.kill('SIGKILL'));
await start();
await refreshPrices();
const traders: Trader[] = [];
for (let i = 0; i < ACCOUNTS; i++) {
  const res = await get('/api/user/createAccountDemoForU', { demo_id: `invariants-${i}-${Date.now()}` });
  traders.push({ token: res!.data.token, open: [], pending: [] });
}

const started = performance.now();
let done = 0;
let restarts = 0;
let restarting: Promise<void> | undefined;
const killAt = Array.from({ length: KILLS }, (_, k) => Math.floor((OPERATIONS * (k + 1)) / (KILLS + 1)));
await Promise.all(traders.map(async (trader) => {
  while (done < OPERATIONS) {
    await restarting;
    done += 1;
    if (killAt.includes(done)) {
      // Mid-flight: other traders' requests are on their way when the process dies.
      restarting = (async () => {
        await kill('SIGKILL');
        restarts += 1;
        await start();
        await refreshPrices();
      })();
      await restarting;
      restarting = undefined;
    }
    if (done % 100 === 0) await refreshPrices();
    await operate(trader);
  }
}));
const seconds = (performance.now() - started) / 1000;
await new Promise((r) => setTimeout(r, 2000)); // let the last ticks fire their triggers
await kill('SIGTERM');

const store = await openStore({ dataDir });
const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await store.db.execute(text));
const accounts = await q<{ user_id: number; balance: string; expected: string; ledger: string }>(sql`
  SELECT w.user_id, w.balance::text,
    (10000 + coalesce(sum(o.profit) FILTER (WHERE o.status = 3), 0)
      - coalesce(sum(o.fee) FILTER (WHERE o.status IN (0, 1, 3)), 0)
      - coalesce(sum(o.margin) FILTER (WHERE o.status IN (0, 1)), 0)
      + (SELECT coalesce(sum(amount), 0) FROM ledger l WHERE l.user_id = w.user_id AND l.kind = 'adjust'))::text AS expected,
    (SELECT sum(amount) FROM ledger l WHERE l.user_id = w.user_id)::text AS ledger
  FROM wallets w JOIN users u ON u.id = w.user_id LEFT JOIN orders o ON o.user_id = w.user_id
  WHERE u.demo_id LIKE 'invariants-%' GROUP BY w.user_id, w.balance`);
const [orders] = await q<{ total: number; open: number; pending: number; closed: number; cancelled: number; stopped: number; bad: number }>(sql`
  SELECT count(*)::int AS total,
    count(*) FILTER (WHERE status = 1)::int AS open, count(*) FILTER (WHERE status = 0)::int AS pending,
    count(*) FILTER (WHERE status = 3)::int AS closed, count(*) FILTER (WHERE status = 4)::int AS cancelled,
    count(*) FILTER (WHERE closed_type = 2)::int AS stopped,
    count(*) FILTER (WHERE (SELECT count(*) FROM ledger l WHERE l.ref = 'order:' || o.id AND l.kind = 'trade_open') <> 1
      OR (SELECT count(*) FROM ledger l WHERE l.ref = 'order:' || o.id AND l.kind IN ('trade_close', 'trade_cancel')) > (CASE WHEN status IN (3, 4) THEN 1 ELSE 0 END)
      OR (status IN (3, 4)) <> (completed_at IS NOT NULL))::int AS bad
  FROM orders o`);
const [cover] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger WHERE kind = 'adjust'`);
// Every account of the store, not only the bench's: available + frozen = the sum of its ledger rows.
const offTheirLedger = await accountsOffTheirLedger(store.db);
await store.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const off = accounts.filter((a) => Math.abs(Number(a.balance) - Number(a.expected)) > 1e-6 || Math.abs(Number(a.balance) - Number(a.ledger)) > 1e-6);
const negative = accounts.filter((a) => Number(a.balance) < 0);
console.log(`invariants: ${done} operations from ${ACCOUNTS} accounts in ${seconds.toFixed(1)} s, ${restarts} SIGKILL restarts`);
console.log(`invariants: answers ${counts.ok} ok, ${counts.refused} refused, ${counts.transport} lost while the server was down`);
console.log(`invariants: orders ${orders!.total}: ${orders!.open} open, ${orders!.pending} pending, ${orders!.closed} closed (${orders!.stopped} stopped out), ${orders!.cancelled} cancelled`);
console.log(`invariants: closes where negative-balance protection covered a loss ${cover!.n}`);
console.log(`invariants: accounts off the books ${off.length}, negative balances ${negative.length}, orders in a wrong state ${orders!.bad}`);
console.log(`invariants: wallets (available + frozen) off the sum of their ledger rows ${offTheirLedger.length} of ${accounts.length}`);
if (off.length > 0) console.log(off.slice(0, 5));
if (offTheirLedger.length > 0) console.log(offTheirLedger.slice(0, 5));
process.exit(off.length + negative.length + orders!.bad + offTheirLedger.length > 0 ? 1 : 0);
