import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreOptions } from '../../server/platform/store/open';
import { MIN_CLOSED_TRADES, WINDOW_DAYS } from '../../server/ranking/figures';
import { refreshRanking } from '../../server/ranking/service';
import { client } from './http';
import { rankingFixtures } from './ranking-fixtures';
import { startServer, type TestServer } from './server';

/**
 * The ranking over the wire: who is listed after the periodic run (real traders with enough closed
 * trades, never demo ones) and the figures worked by hand from docs/ranking.md.
 */
export function rankingSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`ranking (${label})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    const { realTrader, demoTrader, deposit, roundTrip } = rankingFixtures(() => server);
    const list = async (query: Record<string, number> = {}) => {
      const res = await api.get('/api/follow/list', query);
      expect(res.code).toBe(1);
      return res.data as { data: any[]; total: number; as_of: number; min_trades: number; days: number };
    };

    beforeAll(async () => {
      server = await startServer(storeOptions());
      api = client(server.url);
    });
    afterAll(() => server?.close());
    beforeEach(async () => {
      await server.reset();
      // The run the server made at start-up may still be writing: wait for it before each test.
      await refreshRanking(server.store.db);
    });

    it('is open to visitors, and empty with its rules and as-of time before anyone traded', async () => {
      const page = await list();
      expect(page).toMatchObject({ data: [], total: 0, min_trades: MIN_CLOSED_TRADES, days: WINDOW_DAYS });
      expect(page.as_of).toBeGreaterThan(Date.now() - 60_000);
      expect(await api.get('/api/follow/list', { page: 0 })).toMatchObject({ code: 0, data: null });
    });

    it('lists a trader within seconds of their last qualifying close, without waiting for the periodic run', async () => {
      const real = await realTrader('quicktrader');
      await deposit(real.id, 10_000);
      for (let i = 0; i < MIN_CLOSED_TRADES; i++) await roundTrip(real.token, 1.0865);
      const listed = async () => (await list()).data.map((e) => e.code);
      await expect.poll(listed, { timeout: 20_000, interval: 500 }).toContain(real.uid);
    });

    it('lists a real trader once enough trades closed, with return net of deposits; never a demo one', async () => {
      const real = await realTrader('rankedtrader');
      await deposit(real.id, 10_000);
      const demo = await demoTrader();
      // Five winners (+130 - 5 fee = +125 each), one loser (-100 - 5 = -105), one at leverage 50.
      const winners = [];
      for (let i = 0; i < 5; i++) winners.push(await roundTrip(real.token, 1.0865));
      await roundTrip(real.token, 1.0842, 50);
      for (let i = 0; i < MIN_CLOSED_TRADES + 1; i++) await roundTrip(demo.token, 1.0865);

      // A deposit in the window is capital, not return.
      await deposit(real.id, 5_000);
      // One winner and the first deposit are older than the window.
      const old = new Date(Date.now() - (WINDOW_DAYS + 9) * 86_400_000).toISOString();
      await server.store.db.execute(sql`UPDATE orders SET completed_at = ${old}::timestamptz WHERE id = ${winners[0]!}`);
      await server.store.db.execute(sql`UPDATE ledger SET created_at = ${old}::timestamptz
        WHERE id = (SELECT min(id) FROM ledger WHERE user_id = ${real.id} AND kind = 'deposit')`);

      const before = Date.now();
      expect(await refreshRanking(server.store.db)).toBe(1);
      const page = await list();
      expect(page.as_of).toBeGreaterThanOrEqual(before - 1);
      expect(page.total).toBe(1);
      expect(page.data.map((e) => e.code)).not.toContain(demo.uid);
      const [entry] = page.data;
      // Window: 4 x 125 - 105 = 395 on capital 10,000 + 125 (the old winner) + 5,000 deposited since.
      // Ever: 520 on 15,000 paid in. Leverage of the window's five trades: (4 x 100 + 50) / 5.
      expect(entry).toMatchObject({
        user: 'ra***er', code: real.uid, multiple: 90, three_week_win: 80, total_trade_num: 6,
        three_week_rate: 2.61, total_rate: 3.47,
      });
      expect(Number(entry.three_week_profit)).toBeCloseTo(395, 2);
      expect(entry.curve).toHaveLength(WINDOW_DAYS);
      expect(entry.curve.at(-1)).toBeCloseTo(395, 2);
      expect(entry.curve[0]).toBe(0);
    });

    it('leaves out a real trader short of the minimum, and pages the ones listed, best return first', async () => {
      const short = await realTrader();
      await deposit(short.id, 10_000);
      for (let i = 0; i < MIN_CLOSED_TRADES - 1; i++) await roundTrip(short.token, 1.0865);
      const [small, big] = [await realTrader(), await realTrader()];
      await deposit(small.id, 10_000);
      await deposit(big.id, 100_000);
      for (let i = 0; i < MIN_CLOSED_TRADES; i++) {
        await roundTrip(small.token, 1.0865);
        await roundTrip(big.token, 1.0865);
      }
      expect(await refreshRanking(server.store.db)).toBe(2);
      // The same profit on a tenth of the capital ranks first.
      const first = await list({ limit: 1 });
      expect(first.total).toBe(2);
      expect(first.data.map((e) => e.code)).toEqual([small.uid]);
      expect(first.data[0].three_week_rate).toBe(6.25);
      const second = await list({ limit: 1, page: 2 });
      expect(second.data.map((e) => e.code)).toEqual([big.uid]);
      expect(second.data[0].three_week_rate).toBe(0.63);
    });
  });
}
