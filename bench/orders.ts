/**
 * Order throughput: market submit + close pairs through the engine (store transactions, ledger rows,
 * wallet locks), sequentially from one account and concurrently from many, on the embedded store and
 * on PostgreSQL; beside the same store's bare rate of one-row insert-and-commit transactions, measured
 * in the same run. Prints pairs per second, p50/p99 latency of a pair, and the ratio to the bare rate
 * (a pair is 2 transactions). Usage: npm run bench:orders [-- PAIRS]  (DATABASE_URL for PostgreSQL,
 * else 127.0.0.1:5432/test; skipped when it cannot connect)
 */
import { sql } from 'drizzle-orm';
import { createUser } from '../server/accounts/users';
import * as ledger from '../server/ledger/ledger';
import { Engine, engineWriters } from '../server/trading/engine';
import { Leadership } from '../server/cluster/leadership';
import { seedStore } from '../server/seed';
import { Settings } from '../server/settings/settings';
import { openMarket } from '../server/market/open';
import { openStore, type StoreOptions } from '../server/platform/store/open';

const PAIRS = Number(process.argv[2] ?? 4000);
const ACCOUNTS = 20;
/** Each pair pays the spread: enough money for long runs (a demo's balance lasts some 2,000 pairs). */
const BENCH_BALANCE = '10000000.00';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(label: string, options: StoreOptions) {
  const store = await openStore(options);
  await seedStore(store.db);
  const market = await openMarket({ marketFeed: 'off', marketSeed: 1 }, store.db, { log: () => {} });
  const inst = market.instrument('EURUSD')!;
  market.status(inst, true, Date.now());
  market.tick(inst, 1.085, 1.0852, Date.now());
  const leadership = new Leadership(store.db, 'bench');
  await leadership.campaign({ force: true });
  const engine = await Engine.open(store.db, market, await Settings.open(store.db), { fence: leadership.fence(), writers: engineWriters(options.databaseUrl) });
  const users = await ledger.transaction(store.db, async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < ACCOUNTS; i++) ids.push(await createUser(tx, { email: null, passwordHash: null, isDemo: true, demoId: `bench-${Date.now()}-${i}`, startingBalance: BENCH_BALANCE }));
    return ids;
  });
  const pair = async (userId: number) => {
    const t0 = performance.now();
    const row = await engine.submit(userId, { side: 1, lots: 0.1, productId: inst.id, market: true, target: 0, stopLoss: 0, takeProfit: 0, leverage: 100 });
    await engine.close(userId, row.id);
    return performance.now() - t0;
  };
  const run = async (concurrency: number, pairs = PAIRS) => {
    const latencies: number[] = [];
    const started = performance.now();
    let left = pairs;
    await Promise.all(users.slice(0, concurrency).map(async (userId) => {
      while (left-- > 0) latencies.push(await pair(userId));
    }));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { perSecond: pairs / seconds, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99) };
  };
  const bare = async () => {
    await store.exec('CREATE TABLE IF NOT EXISTS bench_rows (id bigserial PRIMARY KEY, amount numeric(20, 6) NOT NULL)');
    const started = performance.now();
    for (let i = 0; i < PAIRS * 2; i++) await store.db.transaction(async (tx) => void (await tx.execute(sql`INSERT INTO bench_rows (amount) VALUES (${i})`)));
    const perSecond = (PAIRS * 2) / ((performance.now() - started) / 1000);
    await store.exec('DROP TABLE bench_rows');
    return perSecond;
  };

  // Warm-up: every account's first order is decided on its locked wallet (the engine learns its
  // balance then); the figures are of the steady state after it.
  await run(ACCOUNTS, ACCOUNTS * 2);
  const bareRate = await bare();
  const one = await run(1);
  const many = await run(ACCOUNTS);
  const line = (name: string, r: { perSecond: number; p50: number; p99: number }) =>
    `orders (${label}): ${name} ${r.perSecond.toFixed(0)} pairs/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; `
    + `${(r.perSecond * 2).toFixed(0)} tx/s against bare ${bareRate.toFixed(0)} tx/s, ratio ${((r.perSecond * 2) / bareRate).toFixed(2)}`;
  console.log(line('1 account ', one));
  console.log(line(`${ACCOUNTS} accounts`, many));
  await engine.stop();
  await market.stop();
  await store.close();
}

await measure('embedded', {});
try {
  const schemaName = `bench_orders_${process.pid}`;
  await measure('PostgreSQL', { databaseUrl: pgUrl, schemaName });
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA ${schemaName} CASCADE`);
  await admin.end();
} catch (error) {
  console.log(`orders (PostgreSQL): skipped, ${(error as Error).message}`);
}
