import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fence } from '../../server/platform/store/fence';
import type { FeedSink } from '../../server/market/feed';
import { LiveMarket } from '../../server/market/live-market';
import { SimulatedFeed } from '../../server/market/simulated';
import { openStore, rowsOf, type Store } from '../../server/platform/store/open';
import { seedStore } from '../../server/seed';

/** Markets of several nodes on one store: the leader's ticks relayed straight into its followers. */
describe('a market that follows the leader', () => {
  let store: Store;
  let clock = Date.parse('2024-03-13T15:00:20Z'); // a Wednesday: everything trades
  const fence: Fence = { epoch: 1, holds: sql`true`, check: async () => {} };
  const node = () => LiveMarket.open({ db: store.db, feed: new SimulatedFeed({ seed: 5, historyCandles: 30 }), now: () => clock, timers: false, follow: true });
  const relayTo = (followers: LiveMarket[]): FeedSink => ({
    tick: (inst, bid, ask, time, trade) => followers.forEach((f) => f.tick(f.instrument(inst.code)!, bid, ask, time, trade)),
    status: (inst, open, time) => followers.forEach((f) => f.status(f.instrument(inst.code)!, open, time)),
    history: (inst, steps) => followers.forEach((f) => f.history(f.instrument(inst.code)!, steps)),
  });
  const drive = (market: LiveMarket, ms: number) => {
    for (const end = clock + ms; clock < end; ) {
      clock = Math.min(end, clock + 1000);
      market.advance(clock);
    }
  };
  const minuteCandles = async (code: string) =>
    rowsOf<{ time: string; n: number }>(await store.db.execute(sql`
      SELECT c.time::text, count(*)::int AS n FROM candles c JOIN products p ON p.id = c.product_id
      WHERE p.code = ${code} AND c.period = '1min' GROUP BY c.time ORDER BY c.time`));

  beforeAll(async () => {
    store = await openStore({});
    await seedStore(store.db);
  }, 60_000);
  afterAll(() => store?.close());

  it('shows the leader\'s quotes and candles, writes nothing, and continues them without a gap when it takes over', async () => {
    const [a, b] = [await node(), await node()];
    await a.lead(relayTo([b]), fence);
    // Both write (or, following, keep) once a second, as their timers do; the leader's last second is never written.
    // It dies at 15:01:00, its last two seconds (the 15:00 candle's close among them) never written.
    for (let s = 0; s < 40; s++) {
      drive(a, 1000);
      if (s < 38) await a.flush();
      await b.flush();
    }
    const eurusd = a.productByCode('EURUSD')!;
    expect(b.quote('EURUSD')).toEqual(a.quote('EURUSD'));
    expect(b.productByCode('EURUSD')).toEqual(eurusd);
    expect((await b.candles(eurusd.Id, '1min', { limit: 2 })).at(-1)).toEqual((await a.candles(eurusd.Id, '1min', { limit: 2 })).at(-1));

    // The leader dies before its next write: the follower takes over and writes what it folded.
    const minute = Date.parse('2024-03-13T15:00:00Z');
    const inMemory = async (market: LiveMarket) => (await market.candles(eurusd.Id, '1min', { before: minute + 1, limit: 1 }))[0];
    const closedByA = await inMemory(a);
    expect(closedByA!.Time).toBe(minute);
    const storedByA = rowsOf<{ volume: number }>(await store.db.execute(sql`SELECT volume FROM candles WHERE product_id = ${eurusd.Id} AND period = '1min' AND time = ${minute}`))[0];
    expect(storedByA!.volume).toBeLessThan(closedByA!.Volume); // its last ticks were not written
    a.follow();
    const before = await minuteCandles('EURUSD');
    clock += 4_000; // the takeover
    await b.lead(relayTo([a]), fence);
    drive(b, 120_000);
    await b.flush();
    const after = await minuteCandles('EURUSD');
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.every((c) => c.n === 1)).toBe(true);
    const times = after.map((c) => Number(c.time));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(60_000); // no hole
    // Written with the old leader's last seconds (and the new feed's first ticks of that minute, if any).
    const written = await inMemory(b);
    expect(written!.Volume).toBeGreaterThanOrEqual(closedByA!.Volume);
    expect(written).toEqual(await inMemory(a));
    expect(a.quote('EURUSD')).toEqual(b.quote('EURUSD')); // the old leader now follows
    await Promise.all([a.stop(), b.stop()]);
  });

  it('learns an instrument\'s status from the leader\'s periodic word, when it started after the change', async () => {
    const leader = await node();
    const late: LiveMarket[] = [];
    await leader.lead(relayTo(late), fence);
    drive(leader, 2_000);
    expect(leader.productByCode('EURUSD')!.MarketStatus).toBe(1);
    late.push(await node());
    expect(late[0]!.productByCode('EURUSD')!.MarketStatus).toBe(2);
    leader.relayStatuses();
    expect(late[0]!.productByCode('EURUSD')!.MarketStatus).toBe(1);
    await Promise.all([leader.stop(), late[0]!.stop()]);
  });
});
