import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreOptions } from '../../server/platform/store/open';
import { rowsOf } from '../../server/platform/store/open';
import * as ledger from '../../server/ledger/ledger';
import { client } from './http';
import { startServer, type TestServer } from './server';
import { TestSocket } from './socket';

/**
 * Trading end to end over HTTP and the socket, with quotes set by hand (the feed is off): the
 * worked numbers of TRADING-RULES.md on EURUSD (100,000 units a lot, fee 5 USD a lot).
 */
export function tradingSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`trading (${label})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    let token: string;
    let userId: number;
    let eurusd: number;

    /** A quote for `code`, its market open: what a feed tick does. */
    const quote = (code: string, bid: number, ask: number) => {
      const inst = server.market.instrument(code)!;
      server.market.status(inst, true, Date.now());
      server.market.tick(inst, bid, ask, Date.now());
    };
    const get = (url: string, query: Record<string, string | number> = {}, as = token) => api.get(url, query, as);
    const submit = (query: Record<string, string | number>, as = token) =>
      get('/v1/api/forex/submit', { type: 1, cont: 1, forex_id: eurusd, status: 1, multiple: 100, ...query }, as);
    const deals = async (status: number) => (await get('/v1/api/forex/my_deal', { status })).data.data;
    const balance = async (as = token) => Number((await get('/v1/api/main/wallet/getBalance', {}, as)).data.balance);
    const demo = async () => {
      const res = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
      return { token: res.data.token as string, id: res.data.id as number };
    };
    /** Balance equals the sum of the account's ledger, and never goes below 0. */
    const ledgerMatches = async (user = userId) => {
      const [row] = rowsOf<{ total: string; balance: string }>(await server.store.db.execute(sql`
        SELECT (SELECT coalesce(sum(amount), 0) FROM ledger WHERE user_id = ${user})::text AS total,
               (SELECT balance FROM wallets WHERE user_id = ${user})::text AS balance`));
      expect(Number(row!.total)).toBeCloseTo(Number(row!.balance), 6);
      expect(Number(row!.balance)).toBeGreaterThanOrEqual(0);
    };

    /** A socket logged in as this test's trader, subscribed to `topics`. */
    const accountSocket = async (...topics: string[]) => {
      const socket = await TestSocket.open(server.url);
      socket.send({ type: 'login', params: token });
      await socket.json('login_result');
      for (const topic of topics) socket.send({ type: 'sub', params: topic });
      return socket;
    };

    beforeAll(async () => {
      server = await startServer(storeOptions());
      api = client(server.url);
    });
    afterAll(() => server?.close());
    // Each test trades on an account of its own; only the quotes are shared, and each test sets them.
    beforeEach(async () => {
      server.clearLimits(); // every test makes demo accounts from one address
      eurusd = server.market.productByCode('EURUSD')!.Id;
      ({ token, id: userId } = await demo());
    });

    it('asks for a session, and refuses a closed market', async () => {
      expect((await submit({}, 'nope')).code).toBe(999);
      quote('EURUSD', 1.085, 1.0852);
      server.market.status(server.market.instrument('EURUSD')!, false, Date.now());
      const closed = await submit({});
      expect(closed).toMatchObject({ code: 0, msg: 'The market is closed' });
      expect(await balance()).toBe(10000);
    });

    it('opens a market buy at the ask, values it at the bid, and closes it with the profit', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const opened = await submit({});
      expect(opened).toMatchObject({ code: 1, msg: 'Order placed' });
      expect(opened.data).toMatchObject({ OrderType: 1, Quantity: 1, Price: 1.0852, CautionMoney: '1085.200000', TradeFee: '5.000000', Status: 1 });
      // 10,000 - 1,085.20 margin - 5 fee; a position just opened loses exactly the spread.
      expect(await balance()).toBeCloseTo(8909.8, 6);
      const [held] = await deals(1);
      expect(held).toMatchObject({ Id: opened.data.Id, UpdatePrice: 1.085, FactProfits: '-20.000000' });

      quote('EURUSD', 1.0865, 1.0867);
      expect((await get('/v1/api/forex/my_deal', { status: 1 })).data.all_fact_profits).toBe('130.000000');
      const closed = await get('/v1/api/forex/close', { id: opened.data.Id });
      expect(closed).toMatchObject({ code: 1, msg: 'Order closed' });
      expect(await balance()).toBeCloseTo(10125, 6);
      expect(await deals(1)).toEqual([]);
      const [history] = await deals(3);
      expect(history).toMatchObject({ Status: 3, ClosedType: 1, FactProfits: '130.000000', UpdatePrice: 1.0865 });

      const again = await get('/v1/api/forex/close', { id: opened.data.Id });
      expect(again).toMatchObject({ code: 0, msg: 'This order is no longer open' });
      expect(await balance()).toBeCloseTo(10125, 6);

      const log = (await get('/v1/api/main/accountLog/forexChange')).data;
      expect(log.list.map((r: any) => [r.Kind, Number(r.Value)])).toEqual([['trade_close', 1215.2], ['trade_open', -1090.2], ['demo_credit', 10000]]);
      expect(log.total).toBe(3);
      await ledgerMatches();
    });

    it('fires a take-profit and a stop-loss at the triggering quote', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const tp = await submit({ target_profit_price: 1.088 });
      const sl = await submit({ type: 2, stop_loss_price: 1.088 });
      expect([tp.code, sl.code]).toEqual([1, 1]);
      quote('EURUSD', 1.0878, 1.088); // ask reaches the sell's SL; the buy's TP watches the bid
      await expect.poll(async () => (await deals(3)).map((o: any) => [o.Id, o.ClosedType])).toEqual([[sl.data.Id, 4]]);
      quote('EURUSD', 1.088, 1.0882);
      await expect.poll(async () => (await deals(3)).length).toBe(2);
      const done = await deals(3);
      // Bought at 1.0852, sold at 1.0880: +280. Sold at 1.0850, bought back at 1.0880: -300.
      expect(done.find((o: any) => o.Id === tp.data.Id)).toMatchObject({ ClosedType: 3, FactProfits: '280.000000' });
      expect(done.find((o: any) => o.Id === sl.data.Id)).toMatchObject({ ClosedType: 4, FactProfits: '-300.000000' });
      await ledgerMatches();
    });

    it('reserves margin for a pending order, fills it at its price, and refunds a cancel', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const limit = await submit({ status: 0, target_price: 1.08 });
      // UpdatePrice is where a buy would close now (the bid), as for an open order, not its trigger.
      expect(limit.data).toMatchObject({ Status: 0, OriginPrice: 1.08, UpdatePrice: 1.085, CautionMoney: '1080.000000', PendingType: 'buy_limit' });
      expect(await balance()).toBeCloseTo(10000 - 1080 - 5, 6);
      const stop = await submit({ status: 0, target_price: 1.09 });
      expect(stop.data.PendingType).toBe('buy_stop');
      expect((await deals(0)).length).toBe(2);
      quote('EURUSD', 1.0851, 1.0853);
      await expect.poll(async () => (await deals(0)).map((o: any) => o.UpdatePrice)).toEqual([1.0851, 1.0851]);

      const cancelled = await get('/v1/api/forex/cancel_trade', { id: stop.data.Id });
      expect(cancelled).toMatchObject({ code: 1, msg: 'Order cancelled' });
      expect(await balance()).toBeCloseTo(10000 - 1085, 6);
      expect((await get('/v1/api/forex/cancel_trade', { id: stop.data.Id })).msg).toBe('This order is no longer pending');

      quote('EURUSD', 1.07998, 1.08);
      await expect.poll(async () => (await deals(1)).map((o: any) => o.Id)).toEqual([limit.data.Id]);
      expect((await deals(1))[0]).toMatchObject({ Price: 1.08, Status: 1 });
      expect((await deals(3))[0]).toMatchObject({ Id: stop.data.Id, Status: 4, ClosedType: 0 });
      await ledgerMatches();
    });

    it('fixes a filled stop order\'s margin at its fill price, or cancels it when the difference cannot be paid', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const stop = (await submit({ status: 0, target_price: 1.09 })).data; // margin 1,090 + fee 5 reserved
      expect(await balance()).toBeCloseTo(10000 - 1095, 6);
      quote('EURUSD', 1.0948, 1.095); // a gap: the stop fills at the triggering ask
      await expect.poll(async () => (await deals(1)).map((o: any) => o.Id)).toEqual([stop.Id]);
      expect((await deals(1))[0]).toMatchObject({ Price: 1.095, OriginPrice: 1.09, CautionMoney: '1095.000000' });
      expect(await balance()).toBeCloseTo(10000 - 1100, 6);
      const log = (await get('/v1/api/main/accountLog/forexChange')).data.list;
      expect(log.map((r: any) => [r.Kind, Number(r.Value)]).slice(0, 2)).toEqual([['trade_fill', -5], ['trade_open', -1095]]);
      await ledgerMatches();

      // 8 lots more at 1.10 hold 8,800 + 40 of the 8,900 left; at 1.115 they would need 120 more than is free.
      const big = (await submit({ status: 0, target_price: 1.1, cont: 8 })).data;
      expect(await balance()).toBeCloseTo(60, 6);
      quote('EURUSD', 1.1148, 1.115);
      await expect.poll(async () => (await deals(3)).map((o: any) => o.Id)).toContain(big.Id);
      expect((await deals(3)).find((o: any) => o.Id === big.Id)).toMatchObject({ Status: 4, ClosedType: 6 });
      expect(await balance()).toBeCloseTo(8900, 6);
      await ledgerMatches();
    });

    it('refuses bad orders with a clear message and changes nothing', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const cases: [Record<string, string | number>, string][] = [
        [{ cont: 0.015 }, 'The lots must be a multiple of 0.01'],
        // Would be read as 0.02, a valid step, were the text made a number first.
        [{ cont: '0.019999999999999999' }, 'Lots has too many decimal places'],
        [{ cont: 51 }, 'The lots must be at most 50'],
        [{ multiple: 7 }, 'This leverage is not offered for this product'],
        [{ stop_loss_price: 1.086 }, 'The stop-loss of a buy must be below the current price (1.08500)'],
        [{ type: 2, target_profit_price: 1.09 }, 'The take-profit of a sell must be below the current price (1.08520)'],
        [{ cont: 10 }, 'Not enough available balance'],
        [{ forex_id: 999999 }, 'This product does not exist'],
        [{ type: 3 }, 'Type must be one of: 1, 2'],
        [{ status: 0 }, 'price'],
        [{ cont: 'lots' }, 'Lots is invalid'],
      ];
      for (const [query, msg] of cases) {
        const res = await submit(query);
        expect(res.code, JSON.stringify(query)).toBe(0);
        expect(res.msg).toContain(msg);
      }
      expect(await balance()).toBe(10000);
      expect((await get('/v1/api/main/accountLog/forexChange')).data.total).toBe(1);
    });

    it('holds at most 200 open positions and pending orders together; the next is refused and changes nothing', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const pending = () => submit({ cont: 0.01, status: 0, target_price: 1.08 });
      const placed: number[] = [];
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(Array.from({ length: 19 }, pending));
        placed.push(...answers.map((a) => { expect(a.code).toBe(1); return a.data.Id as number; }));
      }
      for (let i = 0; i < 10; i++) expect((await submit({ cont: 0.01 })).code).toBe(1);
      const before = await balance();
      expect(await submit({ cont: 0.01 })).toMatchObject({ code: 0, msg: 'You can hold at most 200 open positions and pending orders together; close or cancel some first' });
      expect(await pending()).toMatchObject({ code: 0 });
      expect(await balance()).toBe(before);
      expect(await get('/v1/api/forex/cancel_trade', { id: placed[0]! })).toMatchObject({ code: 1 });
      expect(await pending()).toMatchObject({ code: 1 });
      await ledgerMatches();
    });

    it('refuses levels a column cannot hold or far from the market, by name and without a 500', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const cases: [Record<string, string | number>, string][] = [
        [{ stop_loss_price: '100000000000000000000' }, 'Stop loss is out of range'],
        [{ target_profit_price: '99999999999999' }, 'Take profit is out of range'],
        [{ target_profit_price: 10.86 }, 'The stop-loss or take-profit is too far from the current price'],
        [{ stop_loss_price: 0.1 }, 'The stop-loss or take-profit is too far from the current price'],
        [{ type: 2, stop_loss_price: 11 }, 'The stop-loss or take-profit is too far from the current price'],
        [{ status: 0, target_price: 1.08, stop_loss_price: 0.1 }, 'The stop-loss or take-profit is too far from the current price'],
        // A sell limit at 1.10 with its stop-loss at 1.09: above the market, but below the order's own price.
        [{ type: 2, status: 0, target_price: 1.1, stop_loss_price: 1.09 }, 'A pending order’s stop-loss and take-profit sit either side of its own price: for a buy the stop-loss below and the take-profit above, for a sell the other way round'],
        // EUR/USD is quoted to 5 places: a level finer than that would fire where the trader never sees it.
        [{ stop_loss_price: 1.080001 }, 'Stop loss has too many decimal places'],
        [{ status: 0, target_price: 1.080001 }, 'Pending price has too many decimal places'],
      ];
      for (const [query, msg] of cases) expect(await submit(query), JSON.stringify(query)).toMatchObject({ code: 0, msg });
      const { data } = await submit({});
      for (const level of ['100000000000000000000', 50, 1.090001]) {
        const res = await get('/v1/api/forex/set_stop_price', { id: data.Id, target_profit_price: level, stop_loss_price: 0 });
        expect(res.code, String(level)).toBe(0);
      }
      expect((await deals(1))[0]).toMatchObject({ TargetLossPrice: 0, TargetProfitPrice: 0 });
      expect((await get('/v1/api/main/accountLog/forexChange')).data.total).toBe(2);
    });

    it('reads numbers strictly: decimal text only, and a pending price positive and near the market', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const cases: [Record<string, string | number>, string][] = [
        [{ status: 0, target_price: '1e-308' }, 'Pending price is invalid'],
        [{ status: 0, target_price: '0.00000000000001' }, 'Pending price has too many decimal places'],
        [{ cont: '0.000000001' }, 'Lots has too many decimal places'],
        [{ status: 0, target_price: '0.0001' }, 'The pending price is too far from the current price'],
        [{ status: 0, target_price: 11 }, 'The pending price is too far from the current price'],
        [{ status: '' }, 'Status is required'],
        [{ type: '0x1' }, 'Type is invalid'],
        [{ multiple: '0x64' }, 'Leverage is invalid'],
        [{ forex_id: '0b1' }, 'Product is invalid'],
        [{ cont: '1e0' }, 'Lots is invalid'],
        [{ cont: ' ' }, 'Lots is required'],
        [{ multiple: '99999999999' }, 'Leverage is out of range'],
      ];
      for (const [query, msg] of cases) expect(await submit(query), JSON.stringify(query)).toMatchObject({ code: 0, msg });
      expect(await get('/v1/api/forex/my_deal', { status: '' })).toMatchObject({ code: 0, msg: 'Status is required' });
      expect(await get('/v1/api/forex/my_deal', { status: '0x1' })).toMatchObject({ code: 0, msg: 'Status is invalid' });
      expect(await get('/v1/api/forex/close', { id: '1e3' })).toMatchObject({ code: 0, msg: 'ID is invalid' });
      expect(await get('/v1/api/forex/close', { id: '99999999999999999999' })).toMatchObject({ code: 0, msg: 'ID is out of range' });
      expect(await balance()).toBe(10000);
      expect((await get('/v1/api/main/accountLog/forexChange')).data.total).toBe(1);
    });

    it("answers someone else's order as unknown, and does not touch it", async () => {
      quote('EURUSD', 1.085, 1.0852);
      const other = await demo();
      const theirs = await submit({}, other.token);
      for (const url of ['/v1/api/forex/close', '/v1/api/forex/cancel_trade']) {
        expect(await get(url, { id: theirs.data.Id })).toMatchObject({ code: 0, msg: 'This order does not exist' });
      }
      expect((await get('/v1/api/forex/set_stop_price', { id: theirs.data.Id, stop_loss_price: 1 })).msg).toBe('This order does not exist');
      expect((await get('/v1/api/forex/my_deal', { status: 1 }, other.token)).data.total).toBe(1);
      expect((await deals(1)).length).toBe(0);
    });

    it('opens one position for a retried submit with the same request id', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const request_id = 'retry-0001-abcd';
      const [a, b] = await Promise.all([submit({ request_id }), submit({ request_id })]);
      expect(a.data.Id).toBe(b.data.Id);
      expect((await deals(1)).length).toBe(1);
      expect(await balance()).toBeCloseTo(8909.8, 6);
      // The same id on another order is no retry: refused, and nothing else booked.
      const others: Record<string, number>[] = [{ type: 2 }, { cont: 2 }, { multiple: 200 }, { status: 0, target_price: 1.08 }];
      for (const other of others) {
        expect(await submit({ request_id, ...other }), JSON.stringify(other)).toMatchObject({ code: 0, msg: 'This request id was already used for a different order' });
      }
      expect((await deals(1)).length + (await deals(0)).length).toBe(1);
    });

    it('serialises concurrent orders: they never spend the same money twice', async () => {
      quote('EURUSD', 1.085, 1.0852);
      // Each costs 4,340.80 + 20; two fit in 10,000, a third does not.
      const results = await Promise.all([1, 2, 3].map(() => submit({ cont: 4 })));
      expect(results.map((r) => r.code).sort()).toEqual([0, 1, 1]);
      expect(await balance()).toBeCloseTo(10000 - 2 * 4360.8, 6);
      await ledgerMatches();
    });

    it('cancels a pending order that triggers while the account is in margin call, and returns what it held', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const limit = await submit({ status: 0, target_price: 1.08 }); // margin 1,080 + fee 5
      await submit({ cont: 7 }); // margin 7,596.40 + fee 35: 1,283.60 left
      // The buy is 3,654 down: risk rate (1,283.60 + 7,596.40 - 3,654) / 7,596.40 = 68.8 %, above the
      // stop-out, below 100 %, and still below with the triggered order's position (72.7 %).
      quote('EURUSD', 1.07998, 1.08);
      await expect.poll(async () => (await deals(0)).length).toBe(0);
      expect((await deals(1)).map((o: any) => o.Id)).not.toContain(limit.data.Id);
      expect((await deals(3)).find((o: any) => o.Id === limit.data.Id)).toMatchObject({ Status: 4, ClosedType: 6 });
      expect(await balance()).toBeCloseTo(1283.6 + 1085, 6);
      await ledgerMatches();
    });

    it('judges a triggered pending order with its position at its opening loss, as a market order is', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const limit = (await submit({ status: 0, target_price: 1.08, cont: 9 })).data; // margin 9,720 + fee 45: 235 left
      // Filled at 1.08 against a bid of 1.0795, it opens 450 down: (235 + 9,720 - 450) / 9,720 = 97.8 %
      // (at no loss it would be 102.4 %). A market order there would be refused; the fill is cancelled.
      quote('EURUSD', 1.0795, 1.08);
      await expect.poll(async () => (await deals(3)).map((o: any) => o.Id)).toContain(limit.Id);
      expect((await deals(3)).find((o: any) => o.Id === limit.Id)).toMatchObject({ Status: 4, ClosedType: 6 });
      expect(await balance()).toBeCloseTo(10000, 6);
      await ledgerMatches();
    });

    it('edits SL/TP with the same rules, and 0 clears a level', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const { data } = await submit({});
      expect((await get('/v1/api/forex/set_stop_price', { id: data.Id, stop_loss_price: 1.09, target_profit_price: 0 })).code).toBe(0);
      const saved = await get('/v1/api/forex/set_stop_price', { id: data.Id, stop_loss_price: 1.08, target_profit_price: 1.1 });
      expect(saved).toMatchObject({ code: 1, msg: 'Stop-loss and take-profit saved' });
      expect((await deals(1))[0]).toMatchObject({ TargetLossPrice: 1.08, TargetProfitPrice: 1.1 });
      // A level left out stays as it is; sending neither is refused.
      expect((await get('/v1/api/forex/set_stop_price', { id: data.Id, target_profit_price: 1.12 })).code).toBe(1);
      expect((await get('/v1/api/forex/set_stop_price', { id: data.Id, stop_loss_price: 1.07 })).code).toBe(1);
      expect((await deals(1))[0]).toMatchObject({ TargetLossPrice: 1.07, TargetProfitPrice: 1.12 });
      expect(await get('/v1/api/forex/set_stop_price', { id: data.Id })).toMatchObject({ code: 0, msg: 'Please give a stop-loss or a take-profit (0 removes one)' });
      expect((await deals(1))[0]).toMatchObject({ TargetLossPrice: 1.07, TargetProfitPrice: 1.12 });
      await get('/v1/api/forex/set_stop_price', { id: data.Id, stop_loss_price: 0, target_profit_price: 0 });
      expect((await deals(1))[0]).toMatchObject({ TargetLossPrice: 0, TargetProfitPrice: 0 });

      // A pending sell at 1.09: its stop-loss belongs above its own price, and is refused in those words
      // (1.088 is above the current price, so the current price's words would be wrong).
      const pending = (await submit({ type: 2, status: 0, target_price: 1.09 })).data;
      expect(await get('/v1/api/forex/set_stop_price', { id: pending.Id, stop_loss_price: 1.088, target_profit_price: 0 })).toMatchObject({
        code: 0, msg: 'A pending order’s stop-loss and take-profit sit either side of its own price: for a buy the stop-loss below and the take-profit above, for a sell the other way round',
      });
      // And it is cancelled, not closed.
      expect(await get('/v1/api/forex/close', { id: pending.Id })).toMatchObject({ code: 0, msg: 'A pending order is cancelled, not closed' });
    });

    it('stops out the most-losing position and never leaves a negative balance', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const buy = (await submit({ cont: 8 })).data; // margin 8,681.60 + fee 40: 1,278.40 left
      const sell = (await submit({ cont: 1, multiple: 200, type: 2 })).data; // margin 542.50 + fee 5: 730.90 left
      quote('EURUSD', 1.07, 1.0702); // the buy is 12,160 down: equity below 0
      await expect.poll(async () => (await deals(1)).length).toBe(0);
      expect((await deals(3)).map((o: any) => [o.Id, o.ClosedType])).toEqual(expect.arrayContaining([[buy.Id, 2], [sell.Id, 2]]));
      // The buy gives back 8,681.60 - 12,160 (730.90 becomes -2,747.50), the sell 542.50 + 1,480: the
      // sell's money meets the buy's loss first, and only the 725 still missing is the house's.
      expect(await balance()).toBe(0);
      const log = (await get('/v1/api/main/accountLog/forexChange', { limit: 3 })).data.list;
      expect(log.map((r: any) => [r.Kind, Number(r.Value)])).toEqual([['adjust', 725], ['trade_close', 2022.5], ['trade_close', -3478.4]]);
      await ledgerMatches();
    });

    it('lists history by when each order ended, the newest first', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const first = (await submit({})).data;
      const second = (await submit({})).data;
      const pending = (await submit({ status: 0, target_price: 1.08 })).data;
      expect((await get('/v1/api/forex/close', { id: second.Id })).code).toBe(1);
      expect((await get('/v1/api/forex/cancel_trade', { id: pending.Id })).code).toBe(1);
      expect((await get('/v1/api/forex/close', { id: first.Id })).code).toBe(1);
      expect((await deals(3)).map((o: any) => o.Id)).toEqual([first.Id, pending.Id, second.Id]);
    });

    it('resets a demo account, and only a demo account', async () => {
      quote('EURUSD', 1.085, 1.0852);
      await submit({});
      await submit({ status: 0, target_price: 1.08 });
      quote('EURUSD', 1.08, 1.0802);
      const reset = await get('/v1/api/main/user/resetForexDemoAccount');
      expect(reset).toMatchObject({ code: 1, msg: 'Your demo account has been reset' });
      expect(await balance()).toBe(10000);
      expect(await deals(1)).toEqual([]);
      expect(await deals(0)).toEqual([]);
      expect((await get('/v1/api/main/account/forexDetail')).data).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
      await ledgerMatches();
      // A reset of an account already at its start moves no money, so it records none.
      const records = async () => (await get('/v1/api/main/accountLog/forexChange', { limit: 50 })).data.total;
      const before = await records();
      expect((await get('/v1/api/main/user/resetForexDemoAccount')).code).toBe(1);
      expect(await records()).toBe(before);
    });

    it('shows available and frozen money while orders are held', async () => {
      quote('EURUSD', 1.085, 1.0852);
      await submit({});
      await submit({ status: 0, target_price: 1.08 });
      const detail = (await get('/v1/api/main/account/forexDetail')).data;
      expect(Number(detail.available)).toBeCloseTo(10000 - 1090.2 - 1085, 6);
      expect(Number(detail.frozen)).toBeCloseTo(1085.2 + 1085, 6);
    });

    it('pushes the account once a second while it changes, and the ids of closed orders', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const socket = await accountSocket('FOREX_TRADE', 'FOREX_CLOSED');
      try {
        const { data } = await submit({});
        quote('EURUSD', 1.0865, 1.0867);
        const push = await socket.json('FOREX_TRADE', (f: any) => f.ProfitsTotal === '130.000000');
        expect(push).toMatchObject({ CautionMoneyAll: '1085.200000', TransOrder: [{ Id: data.Id, UpdatePrice: 1.0865, FactProfits: '130.000000' }] });
        // (8,909.80 + 1,085.20 + 130) / 1,085.20 = 933.01 %
        expect(push.HazardRate).toBeCloseTo(933.01, 2);
        await get('/v1/api/forex/close', { id: data.Id });
        const closed = await socket.json('FOREX_CLOSED');
        expect(closed).toMatchObject({ type: 'FOREX_CLOSED', id: [data.Id], seq: expect.any(Number) });
        // The account's trading frames are numbered together: the close comes after the figures.
        expect(closed.seq).toBeGreaterThan(push.seq);
      } finally {
        socket.close();
      }
    });

    it('sends a subscriber its figures at once, the money pending orders hold among them, without waiting for a tick', async () => {
      quote('EURUSD', 1.085, 1.0852);
      await submit({});
      await submit({ status: 0, target_price: 1.08 }); // margin 1,080 + fee 5
      // Subscribed after the last change, while no quote moves: only the subscription can bring a push.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const socket = await accountSocket('FOREX_TRADE');
      try {
        expect(await socket.json('FOREX_TRADE')).toMatchObject({ CautionMoneyAll: '1085.200000', PendingHeld: '1085.000000', seq: expect.any(Number) });
        await get('/v1/api/forex/cancel_trade', { id: (await deals(0))[0].Id });
        expect(await socket.json('FOREX_TRADE')).toMatchObject({ PendingHeld: '0.000000' });
      } finally {
        socket.close();
      }
    });

    it('pushes the account at most once a second, however fast its orders change, and then says all of it', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const socket = await accountSocket('FOREX_TRADE');
      const times: number[] = [];
      socket.ws.on('message', (data) => data.toString().includes('"FOREX_TRADE"') && times.push(Date.now()));
      try {
        await socket.json('sub_result');
        for (const price of [1.08, 1.079, 1.078, 1.077]) await submit({ status: 0, target_price: price });
        // Each waits with margin 100,000 x its price / 100, and a fee of 5.
        const held = (1080 + 1079 + 1078 + 1077) + 4 * 5;
        const last = await socket.json('FOREX_TRADE', (f: any) => Number(f.PendingHeld) === held);
        expect(last.CautionMoneyAll).toBe('0.000000');
        const gaps = times.slice(1).map((t, i) => t - times[i]!);
        expect(gaps.length).toBeGreaterThan(0);
        // The server keeps 1,000 ms between frames; the way here may shorten one gap by a little.
        expect(Math.min(...gaps)).toBeGreaterThan(900);
      } finally {
        socket.close();
      }
    });

    it('keeps a second between frames when another socket of the account subscribes, and still sends that one the figures', async () => {
      quote('EURUSD', 1.085, 1.0852);
      await submit({});
      const socket = await accountSocket('FOREX_TRADE');
      const times: number[] = [];
      socket.ws.on('message', (data) => data.toString().includes('"FOREX_TRADE"') && times.push(Date.now()));
      const late = await accountSocket();
      try {
        await socket.json('FOREX_TRADE');
        late.send({ type: 'sub', params: 'FOREX_TRADE' });
        expect(await late.json('FOREX_TRADE')).toMatchObject({ CautionMoneyAll: '1085.200000' });
        const gaps = times.slice(1).map((t, i) => t - times[i]!);
        expect(gaps.length).toBeGreaterThan(0);
        expect(Math.min(...gaps)).toBeGreaterThan(900);
      } finally {
        socket.close();
        late.close();
      }
    });

    it('pushes nothing while ticks leave the figures as they were, and a new subscriber still gets them at once', async () => {
      quote('EURUSD', 1.085, 1.0852);
      await submit({});
      const socket = await accountSocket('FOREX_TRADE');
      const late = await accountSocket();
      try {
        await socket.json('FOREX_TRADE', (f: any) => f.CautionMoneyAll === '1085.200000');
        const pushes = () => socket.frames.filter((f) => f.includes('"FOREX_TRADE"')).length;
        const before = pushes();
        // Three seconds of ticks at the same prices: three rounds of the engine, nothing new to say.
        for (let i = 0; i < 15; i++) {
          quote('EURUSD', 1.085, 1.0852);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(pushes()).toBe(before);
        late.send({ type: 'sub', params: 'FOREX_TRADE' });
        expect(await late.json('FOREX_TRADE')).toMatchObject({ CautionMoneyAll: '1085.200000' });
        // A second sub of the topic changes nothing: no second snapshot.
        await late.json('sub_result');
        late.send({ type: 'sub', params: 'FOREX_TRADE' });
        await late.json('sub_result');
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(late.frames.filter((f) => f.includes('"FOREX_TRADE"'))).toEqual([]);
        quote('EURUSD', 1.0865, 1.0867);
        expect(await socket.json('FOREX_TRADE', (f: any) => f.ProfitsTotal === '130.000000')).toMatchObject({ CautionMoneyAll: '1085.200000' });
      } finally {
        socket.close();
        late.close();
      }
    });

    it('pushes the figures with the balance they were worked out with as soon as a position leaves, for screens that show both', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const { data } = await submit({});
      const socket = await accountSocket('FOREX_TRADE', 'FOREX_CLOSED');
      try {
        const held = await socket.json('FOREX_TRADE', (f: any) => f.CautionMoneyAll === '1085.200000');
        expect(Number(held.Balance)).toBeCloseTo(8909.8, 6);
        quote('EURUSD', 1.0865, 1.0867);
        await get('/v1/api/forex/close', { id: data.Id });
        const closed = await socket.json('FOREX_CLOSED');
        // The close brings the figures after it, without waiting for FOREX_TRADE's second: no margin
        // held, the P&L in the balance, nothing listed.
        expect(closed.figures).toMatchObject({ CautionMoneyAll: '0.000000', ProfitsTotal: '0.000000', TransOrder: [] });
        expect(Number(closed.figures.Balance)).toBeCloseTo(10125, 6);
        expect(await balance()).toBeCloseTo(10125, 6);
        // FOREX_TRADE brings them too, in its turn, for a socket subscribed to it alone.
        const after = await socket.json('FOREX_TRADE', (f: any) => f.seq === closed.seq + 1);
        expect(after).toMatchObject({ CautionMoneyAll: '0.000000', ProfitsTotal: '0.000000' });
      } finally {
        socket.close();
      }
    });

    it('uses a changed fee type and stop-out level at once, without a restart', async () => {
      const basic = server.settings.get('basic_info');
      try {
        quote('EURUSD', 1.085, 1.0852);
        await server.settings.set('basic_info', { ...basic, trade_fee_type: 2 });
        // Fee type 2: a share of the margin, 1,085.20 x 5.
        const opened = await submit({});
        expect(opened.data).toMatchObject({ CautionMoney: '1085.200000', TradeFee: '5426.000000' });
        await server.settings.set('basic_info', basic);
        expect((await submit({})).data.TradeFee).toBe('5.000000');

        // Margin level (2,398.60 + 2,170.40 - 40) / 2,170.40 = 209 %: safe at 50 %, stopped out on the
        // next tick once the level is 300 %.
        quote('EURUSD', 1.085, 1.0852);
        await new Promise((r) => setTimeout(r, 100));
        expect(await deals(1)).toHaveLength(2);
        await server.settings.set('stop_out_level', 300);
        quote('EURUSD', 1.085, 1.0852);
        await expect.poll(async () => (await deals(3)).some((o: any) => o.ClosedType === 2)).toBe(true);
        await ledgerMatches();
      } finally {
        await server.settings.set('basic_info', basic);
        await server.settings.set('stop_out_level', 50);
      }
    });

    it('hears of a balance change made outside it at once, and does not stop out on the old balance', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const socket = await accountSocket('FOREX_TRADE');
      try {
        await submit({ cont: 8 }); // margin 8,681.60 + fee 40: 1,278.40 left
        // Staff credit 5,000 (later a deposit): no engine call, only the ledger.
        await ledger.transaction(server.store.db, (tx) => ledger.post(tx, [{ userId, kind: 'adjust', amount: '5000', ref: 'test' }]));
        // (6,278.40 + 8,681.60 - 6,560) / 8,681.60 = 96.76 %: above the stop-out level of 50 %.
        quote('EURUSD', 1.077, 1.0772);
        const push = await socket.json('FOREX_TRADE', (f: any) => f.ProfitsTotal === '-6560.000000');
        expect(push.HazardRate).toBeCloseTo(96.76, 2);
        await new Promise((r) => setTimeout(r, 100));
        expect(await deals(1)).toHaveLength(1);
        expect(await balance()).toBeCloseTo(6278.4, 6);
        await ledgerMatches();
      } finally {
        socket.close();
      }
    });

    it('keeps open positions and their triggers across a restart', async () => {
      quote('EURUSD', 1.085, 1.0852);
      const { data } = await submit({ target_profit_price: 1.09 });
      await server.stopListening();
      await server.resume();
      quote('EURUSD', 1.09, 1.0902);
      await expect.poll(async () => (await deals(3)).map((o: any) => o.ClosedType)).toEqual([3]);
      expect((await deals(3))[0].Id).toBe(data.Id);
      await ledgerMatches();
    });
  });
}
