/**
 * Money invariants under load and crashes: random operations (open, close, cancel, edit SL/TP, with
 * levels near the price so ticks cross them, and high leverage so stop-outs happen) from concurrent
 * demo accounts against a real server, killed with SIGKILL and restarted 3 times midway. Beside them,
 * real money (bench/support/money-flows.ts): real traders deposit with a proof image, bind a TRC20
 * address, ask for withdrawals (held), cancel some, and trade; staff approve and reject deposits, two
 * of them often pressing at once on the same request, and reject or pay withdrawals, two different
 * staff members at or above the four-eyes threshold. The market is a replay written here: a violent
 * seeded walk with sudden jumps, so that triggers and stop-outs happen within minutes (each restart
 * plays it again from the start, a gap like a reopen). Afterwards, on the store itself:
 *   every account: available = start + realised P&L - fees - margin held + credited deposits - held
 *   and paid withdrawals + house cover, frozen = what is still held, and both = the sum of its ledger;
 *   no negative balance; every order in exactly one state with one opening and at most one closing
 *   record; every hold resolved at most once, as its withdrawal says; every deposit credited once
 *   when approved and never otherwise; four eyes kept; every request the server acknowledged still
 *   there. Prints the counts; exits 1 when an invariant is broken.
 * With --cluster: the same run against a cluster on PostgreSQL and NATS (DATABASE_URL, NATS_URL, else
 * 127.0.0.1): two edges taking the requests in turn and an engine pair, the active engine SIGKILLed
 * 3 times (and started again as the standby) instead of the single process.
 * Usage: npm run bench:invariants [-- OPERATIONS ACCOUNTS REAL_TRADERS] [--cluster]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { INSTRUMENTS } from '../server/market/catalogue';
import { mulberry32 } from '../server/market/random';
import { accountsOffTheirLedger } from '../server/ledger/ledger';
import pg from 'pg';
import { openStore, rowsOf } from '../server/platform/store/open';
import { createWire, moneyFlows, type Ack, type RealTrader } from './support/money-flows';

const root = path.resolve(import.meta.dirname, '..');
const CLUSTER = process.argv.includes('--cluster');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const OPERATIONS = Number(args[0] ?? 6_000);
const ACCOUNTS = Number(args[1] ?? 50);
const REAL_TRADERS = Number(args[2] ?? 12);
const STAFF = 4; // the first admin and three finance staff
const STAFF_DESKS = 3; // staff passes over the queues at the same time
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
const port = 19000 + Math.floor(Math.random() * 900);
const admin = { email: 'admin@bench.example', password: 'bench-admin-1', secret: generateSecret() };
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `invariants_${process.pid}`;

interface Node { name: string; port: number; env: Record<string, string>; child?: ChildProcess }
/** One process (embedded store), or two edges and an engine pair sharing one PostgreSQL schema and the bus. */
const nodes: Node[] = CLUSTER
  ? [['edge-1', 'edge'], ['edge-2', 'edge'], ['engine-1', 'engine'], ['engine-2', 'engine']].map(([name, role], i) => ({
    name: name!, port: port + i,
    env: {
      NODE_ID: name!, NODE_ROLE: role!, NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', BUS_PREFIX: schema,
      DATABASE_URL: `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      MAIL_OUTBOX: 'files', // one folder for every node, which the real traders' flows read their codes from
    },
  }))
  : [{ name: 'server', port, env: {} }];
const edges = nodes.filter((n) => n.env.NODE_ROLE !== 'engine');
let turn = 0;
/** The edges take the requests in turn, as a load balancer would. */
const base = () => `http://127.0.0.1:${edges[turn++ % edges.length]!.port}`;

function start(node: Node): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(node.port), HOST: '127.0.0.1', DATA_DIR: dataDir, MARKET_FEED: `replay:${replayFile}`, CLIENT_DIR: path.join(dataDir, 'none'),
      ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ADMIN_TOTP_SECRET: admin.secret,
      // The bench stands in for a proxy in front of many devices (see createWire).
      TRUST_PROXY: '127.0.0.1',
      ...node.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  node.child = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d.toString();
      if (/ready in \d+ ms \(\w+ store\)/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${node.name} exited (${code}) before it was ready: ${out.slice(-400)}`)));
  });
}

function kill(node: Node, signal: NodeJS.Signals): Promise<void> {
  const child = node.child!;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const health = async (node: Node) =>
  ((await (await fetch(`http://127.0.0.1:${node.port}/healthz`)).json()) as { data: { engine: string } }).data.engine;
/** The node running the engine: the single process, or the engine that reports itself active. */
async function activeEngine(): Promise<Node> {
  if (!CLUSTER) return nodes[0]!;
  for (;;) {
    for (const node of nodes.filter((n) => n.env.NODE_ROLE === 'engine')) if ((await health(node).catch(() => '')) === 'active') return node;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const takeovers: number[] = [];
/** SIGKILL the engine mid-flight and start it again (in a cluster: as the standby, once the other took over). */
async function crashEngine(): Promise<void> {
  const victim = await activeEngine();
  const killed = performance.now();
  await kill(victim, 'SIGKILL');
  if (CLUSTER) {
    await activeEngine();
    takeovers.push(performance.now() - killed);
  }
  await start(victim);
}

async function runSql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(text);
  await client.end();
}

const counts = { ok: 0, refused: 0, transport: 0, opened: 0, closed: 0, cancelled: 0, edited: 0 };
const wire = createWire(base, counts);
const flows = moneyFlows(wire, random, dataDir);
const get = wire.get;

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
      flows.journal.push({ kind: 'order', id: res.data.Id });
      (res.data.Status === 0 ? trader.pending : trader.open).push(res.data.Id);
    }
  } else if (roll < 0.7 && trader.open.length > 0) {
    const id = trader.open.splice(Math.floor(random() * trader.open.length), 1)[0]!;
    if ((await get('/v1/api/forex/close', { id }, trader.token))?.code === 1) {
      counts.closed += 1;
      flows.journal.push({ kind: 'order', id, status: 3 });
    }
  } else if (roll < 0.85 && trader.pending.length > 0) {
    const id = trader.pending.splice(Math.floor(random() * trader.pending.length), 1)[0]!;
    if ((await get('/v1/api/forex/cancel_trade', { id }, trader.token))?.code === 1) {
      counts.cancelled += 1;
      flows.journal.push({ kind: 'order', id, status: 4 });
    }
  } else if (trader.open.length > 0) {
    const id = pick(trader.open);
    const res = await get('/v1/api/forex/set_stop_price', { id, stop_loss_price: 0, target_profit_price: 0 }, trader.token);
    if (res?.code === 1) counts.edited += 1;
  }
}

// Never leave a server behind, whatever happens here.
process.on('exit', () => nodes.forEach((n) => n.child?.kill('SIGKILL')));
if (CLUSTER) await runSql(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
for (const node of nodes) await start(node);
await activeEngine();
await refreshPrices();
const traders: Trader[] = [];
for (let i = 0; i < ACCOUNTS; i++) {
  const res = await get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() }, undefined, `10.8.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  if (res?.code !== 1) throw new Error(`demo account refused: ${res?.msg}`);
  traders.push({ token: res.data.token, open: [], pending: [] });
}
const staff = await flows.staffTeam(admin.email, admin.password, admin.secret, STAFF);
const realTraders: RealTrader[] = [];
for (let i = 0; i < REAL_TRADERS; i++) realTraders.push(await flows.realTrader(i, staff[0]!));

const started = performance.now();
let done = 0;
let restarts = 0;
let restarting: Promise<void> | undefined;
const killAt = Array.from({ length: KILLS }, (_, k) => Math.floor((OPERATIONS * (k + 1)) / (KILLS + 1)));
/**
 * Money keeps moving until the demo load is done and there has been enough of it to check: at least
 * two deposits and four withdrawals asked per real trader (a fast demo load alone would leave
 * little), or two minutes more at most.
 */
const moneyWanted = () => flows.tally.deposits < 2 * REAL_TRADERS || flows.tally.withdrawals < 4 * REAL_TRADERS;
let demoDoneAt: number | undefined;
const moneyGoesOn = () => done < OPERATIONS || (moneyWanted() && performance.now() - (demoDoneAt ??= performance.now()) < 120_000);
/** Real traders and staff desks work beside the demo load, pausing while the server restarts. */
async function alongside(step: () => Promise<void>) {
  while (moneyGoesOn()) {
    await restarting;
    const before = counts.transport;
    await step();
    // Idle or unanswered: do not spin while others work or the server comes back.
    if (counts.transport > before) await new Promise((r) => setTimeout(r, 50));
  }
}
const demoLoad = traders.map(async (trader) => {
  while (done < OPERATIONS) {
    await restarting;
    done += 1;
    if (killAt.includes(done)) {
      // Mid-flight: other traders' requests are on their way when the process dies.
      restarting = (async () => {
        await crashEngine();
        restarts += 1;
        await refreshPrices();
      })();
      await restarting;
      restarting = undefined;
    }
    if (done % 100 === 0) await refreshPrices();
    await operate(trader);
  }
});
const realMoney = realTraders.map((trader) => alongside(() => flows.traderStep(trader, operate)));
const desks = Array.from({ length: STAFF_DESKS }, () => alongside(async () => {
  await flows.staffStep(staff);
  await new Promise((r) => setTimeout(r, 100)); // a person's pace between passes over the queues
}));
await Promise.all([...demoLoad, ...realMoney, ...desks]);
const moneyAfterDemo = demoDoneAt === undefined ? 0 : (performance.now() - demoDoneAt) / 1000;
await flows.settle(realTraders);
const seconds = (performance.now() - started) / 1000;
await new Promise((r) => setTimeout(r, 2000)); // let the last ticks fire their triggers
for (const node of nodes) await kill(node, 'SIGTERM');

const store = await openStore(CLUSTER ? { databaseUrl: pgUrl, schemaName: schema } : { dataDir });
const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await store.db.execute(text));
// Every account of the store, demo and real: what its amounts must be, from the orders, deposits and holds.
const accounts = await q<{ user_id: number; balance: string; lock_balance: string; expected: string; expected_frozen: string; ledger: string }>(sql`
  SELECT w.user_id, w.balance::text, w.lock_balance::text,
    (CASE WHEN u.is_demo THEN 10000 ELSE 0 END + coalesce(o.profit, 0) - coalesce(o.fee, 0) - coalesce(o.margin, 0)
      + (SELECT coalesce(sum(amount), 0) FROM ledger l WHERE l.user_id = w.user_id AND l.kind = 'adjust')
      + (SELECT coalesce(sum(amount), 0) FROM deposits d WHERE d.user_id = w.user_id AND d.status = 1)
      - (SELECT coalesce(sum(amount), 0) FROM holds h WHERE h.user_id = w.user_id AND h.status IN ('held', 'posted')))::text AS expected,
    (SELECT coalesce(sum(amount), 0) FROM holds h WHERE h.user_id = w.user_id AND h.status = 'held')::text AS expected_frozen,
    (SELECT coalesce(sum(amount), 0) FROM ledger l WHERE l.user_id = w.user_id)::text AS ledger
  FROM wallets w JOIN users u ON u.id = w.user_id
  LEFT JOIN (SELECT user_id, sum(profit) FILTER (WHERE status = 3) AS profit, sum(fee) FILTER (WHERE status IN (0, 1, 3)) AS fee,
    sum(margin) FILTER (WHERE status IN (0, 1)) AS margin FROM orders GROUP BY user_id) o ON o.user_id = w.user_id`);
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
const [negative] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM wallets WHERE balance < 0 OR lock_balance < 0`);
// A hold is paid out or given back at most once, and as its withdrawal's status says.
const [holds] = await q<{ total: number; twice: number; wrong: number; off_withdrawal: number }>(sql`
  SELECT count(*)::int AS total, count(*) FILTER (WHERE paid + refunded > 1)::int AS twice,
    count(*) FILTER (WHERE NOT ((status = 'held' AND paid + refunded = 0) OR (status = 'posted' AND paid = 1 AND refunded = 0)
      OR (status = 'voided' AND refunded = 1 AND paid = 0)))::int AS wrong,
    count(*) FILTER (WHERE w_status IS NULL OR amount <> w_amount OR NOT ((w_status IN ('waiting', 'approved') AND status = 'held')
      OR (w_status = 'paid' AND status = 'posted') OR (w_status IN ('rejected', 'cancelled') AND status = 'voided')))::int AS off_withdrawal
  FROM (SELECT h.status, h.amount, w.status AS w_status, w.amount AS w_amount,
    (SELECT count(*) FROM ledger l WHERE l.ref = 'hold:' || h.id AND l.kind = 'withdraw_paid')::int AS paid,
    (SELECT count(*) FROM ledger l WHERE l.ref = 'hold:' || h.id AND l.kind = 'withdraw_refund')::int AS refunded
    FROM holds h LEFT JOIN withdrawals w ON w.hold_id = h.id) x`);
// A deposit is credited once when approved, never otherwise.
const [deposits] = await q<{ total: number; credited: number; rejected: number; waiting: number; wire: number; twice: number; wrong: number }>(sql`
  SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 1)::int AS credited, count(*) FILTER (WHERE status = 2)::int AS rejected,
    count(*) FILTER (WHERE status = 0)::int AS waiting, count(*) FILTER (WHERE type = 1)::int AS wire,
    count(*) FILTER (WHERE n > 1)::int AS twice, count(*) FILTER (WHERE n <> CASE WHEN status = 1 THEN 1 ELSE 0 END)::int AS wrong
  FROM (SELECT d.status, d.type, (SELECT count(*) FROM ledger l WHERE l.ref = 'deposit:' || d.id AND l.kind = 'deposit')::int AS n FROM deposits d) x`);
const [withdrawals] = await q<{ total: number; waiting: number; approved: number; paid: number; by_two: number; rejected: number; cancelled: number; one_pair_of_eyes: number }>(sql`
  SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'waiting')::int AS waiting, count(*) FILTER (WHERE status = 'approved')::int AS approved,
    count(*) FILTER (WHERE status = 'paid')::int AS paid, count(*) FILTER (WHERE status = 'paid' AND first_approver IS NOT NULL)::int AS by_two,
    count(*) FILTER (WHERE status = 'rejected')::int AS rejected, count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
    count(*) FILTER (WHERE status = 'paid' AND amount >= 1000 AND (first_approver IS NULL OR first_approver = resolved_by))::int AS one_pair_of_eyes
  FROM withdrawals`);
const lost = lostAcknowledgements(flows.journal, {
  uploads: new Set((await q<{ name: string }>(sql`SELECT name FROM uploads`)).map((r) => r.name)),
  binders: new Set((await q<{ user_id: number }>(sql`SELECT DISTINCT user_id FROM payout_methods`)).map((r) => r.user_id)),
  deposits: new Map((await q<{ id: number; reference: string | null; status: number }>(sql`SELECT id::int, reference, status FROM deposits`)).map((r) => [r.id, r])),
  withdrawals: new Map((await q<{ id: number; memo: string | null; status: string; first_approver: number | null }>(sql`SELECT id::int, memo, status, first_approver FROM withdrawals`)).map((r) => [r.id, r])),
  orders: new Map((await q<{ id: number; status: number }>(sql`SELECT id::int, status FROM orders`)).map((r) => [r.id, r.status])),
});
const offTheirLedger = await accountsOffTheirLedger(store.db);
await store.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (CLUSTER) await runSql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);

/** The acknowledged requests the store no longer shows, by kind. */
function lostAcknowledgements(journal: Ack[], stored: {
  uploads: Set<string>; binders: Set<number>; orders: Map<number, number>;
  deposits: Map<number, { reference: string | null; status: number }>;
  withdrawals: Map<number, { memo: string | null; status: string; first_approver: number | null }>;
}): Map<string, number> {
  const references = new Set([...stored.deposits.values()].map((d) => d.reference));
  const memos = new Set([...stored.withdrawals.values()].map((w) => w.memo));
  const kept = (ack: Ack): boolean => {
    switch (ack.kind) {
      case 'upload': return stored.uploads.has(ack.name);
      case 'bind': return stored.binders.has(ack.userId);
      case 'deposit': return references.has(ack.reference);
      case 'deposit decision': return stored.deposits.get(ack.id)?.status === ack.status;
      case 'withdrawal': return memos.has(ack.memo);
      case 'withdrawal decision': {
        const row = stored.withdrawals.get(ack.id);
        // An approval of a four-eyes request stands even when a second staff member then pays or rejects it.
        if (ack.status === 'approved') return row !== undefined && row.first_approver === ack.firstApprover && ['approved', 'paid', 'rejected'].includes(row.status);
        return row?.status === ack.status;
      }
      case 'order': return stored.orders.has(ack.id) && (ack.status === undefined || stored.orders.get(ack.id) === ack.status);
    }
  };
  const lost = new Map<string, number>();
  for (const ack of journal) if (!kept(ack)) lost.set(ack.kind, (lost.get(ack.kind) ?? 0) + 1);
  return lost;
}

const off = accounts.filter((a) => Math.abs(Number(a.balance) - Number(a.expected)) > 1e-6 || Math.abs(Number(a.lock_balance) - Number(a.expected_frozen)) > 1e-6
  || Math.abs(Number(a.balance) - Number(a.ledger)) > 1e-6);
const lostTotal = [...lost.values()].reduce((s, n) => s + n, 0);
const { tally } = flows;
console.log(`invariants: ${done} operations from ${ACCOUNTS} demo and ${REAL_TRADERS} real accounts and ${STAFF} staff in ${seconds.toFixed(1)} s, ${restarts} SIGKILL restarts${CLUSTER ? ` of the active engine of a cluster (2 edges, an engine pair); takeovers ${takeovers.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}` : ''}; money went on ${moneyAfterDemo.toFixed(0)} s after the demo load`);
console.log(`invariants: answers ${counts.ok} ok, ${counts.refused} refused, ${counts.transport} lost while the server was down`);
console.log(`invariants: orders ${orders!.total}: ${orders!.open} open, ${orders!.pending} pending, ${orders!.closed} closed (${orders!.stopped} stopped out), ${orders!.cancelled} cancelled`);
console.log(`invariants: closes where negative-balance protection covered a loss ${cover!.n}`);
console.log(`invariants: deposits ${deposits!.total} (${deposits!.wire} by wire): ${deposits!.credited} credited, ${deposits!.rejected} rejected, ${deposits!.waiting} waiting`);
console.log(`invariants: withdrawals ${withdrawals!.total}: ${withdrawals!.paid} paid (${withdrawals!.by_two} by two staff), ${withdrawals!.rejected} rejected, ${withdrawals!.cancelled} cancelled, ${withdrawals!.waiting + withdrawals!.approved} still held`);
const uploads = [...tally.uploadMs].sort((x, y) => x - y);
const at = (p: number) => ((uploads[Math.min(uploads.length - 1, Math.floor(p * uploads.length))] ?? 0) / 1000).toFixed(1);
console.log(`invariants: proof images uploaded ${uploads.length}, p50 ${at(0.5)} s, p90 ${at(0.9)} s, max ${at(1)} s under the load`);
console.log(`invariants: staff pressing at once on one request: ${tally.depositRaces} deposits, ${tally.withdrawalRaces} withdrawals; both told it worked ${tally.bothWon}; first approver refused as the second ${tally.sameStaffRefused} times, accepted ${tally.sameStaffAccepted}`);
console.log(`invariants: accounts off the books ${off.length}, negative balances ${negative!.n}, orders in a wrong state ${orders!.bad}, four-eyes withdrawals paid by one pair of eyes ${withdrawals!.one_pair_of_eyes}`);
console.log(`invariants: wallets (available + frozen) off the sum of their ledger rows ${offTheirLedger.length} of ${accounts.length}`);
console.log(`invariants: holds resolved twice ${holds!.twice} of ${holds!.total}, holds off their withdrawal ${holds!.wrong + holds!.off_withdrawal}, deposits credited twice ${deposits!.twice}, deposits credited against their status ${deposits!.wrong - deposits!.twice}`);
console.log(`invariants: acknowledged requests lost ${lostTotal} of ${flows.journal.length}${lostTotal > 0 ? ` (${[...lost].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`);
if (off.length > 0) console.log(off.slice(0, 5));
if (offTheirLedger.length > 0) console.log(offTheirLedger.slice(0, 5));
const broken = off.length + negative!.n + orders!.bad + offTheirLedger.length + holds!.twice + holds!.wrong + holds!.off_withdrawal
  + deposits!.wrong + withdrawals!.one_pair_of_eyes + lostTotal + tally.bothWon + tally.sameStaffAccepted;
process.exit(broken > 0 ? 1 : 0);
