import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIODS } from '../../contract/market';
import { LiveMarket } from '../../server/market/live-market';
import type { Feed } from '../../server/market/feed';
import type { MarketEvent } from '../../server/market/market';
import { ReplayFeed } from '../../server/market/replay';
import { SimulatedFeed } from '../../server/market/simulated';
import { openStore, rowsOf, type Store } from '../../server/platform/store/open';
import { seedStore } from '../../server/seed';

/** The market on a real (embedded) store, with the clock driven by hand: no waiting. */
describe('market on a store', () => {
  let store: Store;
  let clock = Date.parse('2024-03-13T15:00:20Z'); // a Wednesday: everything trades
  const simulated = () => new SimulatedFeed({ seed: 11, historyCandles: 30 });
  const open = (feed: Feed) => LiveMarket.open({ db: store.db, feed, now: () => clock, timers: false });
  /** Moves the clock on, letting the market see every second of it. */
  const drive = (market: LiveMarket, ms: number) => {
    for (const end = clock + ms; clock < end; ) {
      clock = Math.min(end, clock + 1000);
      market.advance(clock);
    }
  };
  const record = (market: LiveMarket) => {
    const events: MarketEvent[] = [];
    market.subscribe((e) => events.push(e));
    return events;
  };
  const storedQuote = async (code: string) =>
    rowsOf<{ bid: number; time: string }>(
      await store.db.execute(sql`SELECT q.bid, q.time FROM last_quotes q JOIN products p ON p.id = q.product_id WHERE p.code = ${code}`),
    )[0]!;
  const storedCandles = async (productId: number, time: number) =>
    rowsOf<{ n: number }>(
      await store.db.execute(sql`SELECT count(*)::int AS n FROM candles WHERE product_id = ${productId} AND period = '1min' AND time = ${time}`),
    )[0]!.n;

  beforeAll(async () => {
    store = await openStore({});
    await seedStore(store.db);
  });
  afterAll(() => store?.close());

  let eurusd: number;
  let lastBar: { Time: number; Open: number; High: number; Volume: number; Close: number };

  it('serves the open candle before it is written, and writes everything on stop', async () => {
    const market = await open(simulated());
    eurusd = market.productByCode('EURUSD')!.Id;
    expect(market.productByCode('EURUSD')!.MarketStatus).toBe(1);
    drive(market, 70_000); // to 15:01:30
    const newest = (await market.candles(eurusd, '1min', { limit: 3 })).at(-1)!;
    expect(newest.Time).toBe(Date.parse('2024-03-13T15:01:00Z'));
    expect(await storedCandles(eurusd, newest.Time)).toBe(0);
    await market.stop();
    expect(await storedCandles(eurusd, newest.Time)).toBe(1);
    expect((await storedQuote('EURUSD')).bid).toBe(market.quote('EURUSD')!.bid);
    lastBar = (await market.candles(eurusd, '1min', { limit: 1 }))[0]!;
    expect(lastBar.Close).toBe(market.quote('EURUSD')!.bid);
  });

  it('continues from the last stored price after a restart: no jump, the open candle goes on', async () => {
    const stored = await storedQuote('EURUSD');
    // Were the history drawn again, it would now end at twice the price.
    await store.db.execute(sql`UPDATE products SET start_price = start_price * 2`);
    clock += 400;
    const market = await open(simulated());
    expect(market.quote('EURUSD')!.bid).toBe(stored.bid);
    const events = record(market);
    drive(market, 5_000);
    const first = events.find((e) => e.type === 'quote' && e.code === 'EURUSD');
    expect(first?.type === 'quote' && Math.abs(Math.log(first.quote.bid / stored.bid))).toBeLessThan(1e-4);
    const [bar] = await market.candles(eurusd, '1min', { before: lastBar.Time + 1, limit: 1 });
    expect(bar).toMatchObject({ Time: lastBar.Time, Open: lastBar.Open });
    expect(bar!.High).toBeGreaterThanOrEqual(lastBar.High);
    expect(bar!.Volume).toBeGreaterThan(lastBar.Volume);
    await market.stop();
  });

  it('fills the time the server was away: no hole in 1-minute candles', async () => {
    const [stored] = rowsOf<{ time: string; open: number; close: number; volume: number }>(
      await store.db.execute(sql`SELECT time, open, close, volume FROM candles WHERE product_id = ${eurusd} AND period = '1min' ORDER BY time DESC LIMIT 1`),
    );
    clock += 10 * 60_000;
    const market = await open(simulated());
    drive(market, 3_000);
    const candles = await market.candles(eurusd, '1min', { limit: 30 });
    expect(candles).toHaveLength(30);
    for (let i = 1; i < candles.length; i++) {
      expect(candles[i]!.Time - candles[i - 1]!.Time).toBe(60_000);
      expect(Math.abs(candles[i]!.Open / candles[i - 1]!.Close - 1)).toBeLessThan(2e-4);
    }
    // The candle the server stopped in goes on; the next one opens exactly at its close.
    const at = candles.findIndex((c) => c.Time === Number(stored!.time));
    expect(candles[at]).toMatchObject({ Open: stored!.open });
    expect(candles[at]!.Volume).toBeGreaterThan(stored!.volume);
    expect(candles[at + 1]!.Open).toBe(candles[at]!.Close);
    await market.stop();
  });

  it('tells its listeners: status on open, one candle per period and the quote on each trade', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradedesk-replay-'));
    const file = path.join(dir, 'ticks.jsonl');
    fs.writeFileSync(file, [
      '{"t": 0, "code": "EURUSD", "bid": 1.1, "ask": 1.1002}',
      '{"t": 500, "code": "XAUUSD", "bid": 2400, "ask": 2400.3, "open": false}',
      '{"t": 1000, "code": "EURUSD", "bid": 1.1001, "ask": 1.1003, "open": false}',
    ].join('\n'));
    const market = await open(new ReplayFeed(file, () => {}));
    expect(market.quote('EURUSD')).toBeUndefined();
    expect(market.products().every((p) => p.MarketStatus === 2)).toBe(true);
    const events = record(market);
    drive(market, 2_000); // the replay's clock has not started yet
    expect(events).toEqual([]);
    market.begin();
    market.advance(clock);
    expect(events.map((e) => e.type)).toEqual(['status', ...PERIODS.map(() => 'candle'), 'quote']);
    expect(events.filter((e) => e.type === 'candle').map((e) => e.type === 'candle' && e.candle.Period)).toEqual([...PERIODS]);
    expect(events[0]).toEqual({ type: 'status', code: 'EURUSD', open: true });
    expect(events.at(-1)).toMatchObject({ type: 'quote', code: 'EURUSD', quote: { bid: 1.1, ask: 1.1002, time: clock, open: true }, day: { close: 1.1 } });
    events.length = 0;
    drive(market, 2_000);
    // A quote of a closed instrument: no candle, no volume.
    expect(events.map((e) => `${e.type} ${"code" in e ? e.code : ""}`)).toEqual(['quote XAUUSD', 'status EURUSD', 'quote EURUSD']);
    expect(market.productByCode('XAUUSD')).toMatchObject({ MarketStatus: 2, ForexQuotations: { Close: 2400 } });
    expect(market.productByCode('EURUSD')).toMatchObject({ MarketStatus: 2, ForexQuotations: { Close: 1.1001 } });
    expect(market.quote('GBPUSD')).toBeUndefined();
    await market.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
