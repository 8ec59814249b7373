import { describe, expect, it } from 'vitest';
import { Book, liveOrderOf, type LiveOrder } from '../../server/trading/book';
import type { OrderRow } from '../../server/trading/schema';
import { BUY, SELL, type Side } from '../../domain/types';

const CONTRACT = 100_000;
const usd = () => 1;
const allOpen = () => true;

function order(id: number, fields: { userId?: number; productId?: number; side?: Side; status?: 0 | 1; price: string; lots?: string; margin?: string; stopLoss?: string; takeProfit?: string; pendingType?: string }): LiveOrder {
  const row: OrderRow = {
    id, userId: fields.userId ?? 1, productId: fields.productId ?? 1, side: fields.side ?? BUY, lots: fields.lots ?? '1', status: fields.status ?? 1,
    contNum: String(CONTRACT), leverage: 100, pendingType: fields.pendingType ?? null, originPrice: fields.price, price: fields.status === 0 ? null : fields.price,
    closePrice: null, stopLoss: fields.stopLoss ?? '0', takeProfit: fields.takeProfit ?? '0', margin: fields.margin ?? '1000', fee: '0', profit: '0',
    closedType: 0, requestId: null, createdAt: new Date(0), completedAt: null,
  };
  return liveOrderOf(row);
}

describe('engine book', () => {
  it('revalues only the ticking instrument and sums each account once', () => {
    const book = new Book();
    book.account(1, '10000');
    book.add(order(1, { price: '1.1000' }));
    book.add(order(2, { price: '1.1000', side: SELL }));
    book.add(order(3, { price: '1.2000', productId: 2 }));
    expect(book.tick(1, 1.101, 1.1012, usd, 50, allOpen)).toEqual([]);
    const account = book.findAccount(1)!;
    expect(account.pnl).toBeCloseTo(100 - 120, 6); // buy closes at the bid, sell at the ask
    expect(book.order(1, 3)!.pnl).toBe(0);
    expect(account.margin).toBe(3000);
  });

  it('keeps revaluing the rest after a removal from the middle', () => {
    const book = new Book();
    book.account(1, '10000');
    const orders = [1, 2, 3, 4].map((id) => order(id, { price: '1.1000' }));
    orders.forEach((o) => book.add(o));
    book.remove(orders[1]!);
    book.tick(1, 1.1010, 1.1012, usd, 50, allOpen);
    expect(orders.map((o) => Math.round(o.pnl))).toEqual([100, 0, 100, 100]);
    expect(book.findAccount(1)!.pnl).toBeCloseTo(300, 6);
    book.remove(orders[3]!);
    book.tick(1, 1.1020, 1.1022, usd, 50, allOpen);
    expect(book.findAccount(1)!.pnl).toBeCloseTo(400, 6);
  });

  it('lists a stop-loss, a take-profit and a pending fill when the quote reaches them, and skips busy orders', () => {
    const book = new Book();
    book.account(1, '10000');
    book.add(order(1, { price: '1.1000', stopLoss: '1.0950' }));
    book.add(order(2, { price: '1.1000', side: SELL, takeProfit: '1.0960' }));
    book.add(order(3, { price: '1.0940', status: 0, pendingType: 'buy_limit' }));
    const busy = order(4, { price: '1.1000', stopLoss: '1.0990' });
    busy.busy = true;
    book.add(busy);
    const triggers = book.tick(1, 1.0940, 1.0940, usd, 50, allOpen);
    expect(triggers.map((t) => t.kind === 'stop_out' ? t.kind : `${t.kind}:${t.order.id}`).sort()).toEqual(['fill:3', 'stop:1', 'stop:2']);
  });

  it('asks for a stop-out of the largest loss first when the risk rate falls to the level', () => {
    const book = new Book();
    book.account(1, '0');
    book.add(order(1, { price: '1.1000', lots: '1', margin: '1100' }));
    book.add(order(2, { price: '1.1000', lots: '2', margin: '2200' }));
    expect(book.tick(1, 1.0990, 1.0990, usd, 50, allOpen)).toEqual([]); // equity 3300 - 300 = 3000: 91 %
    const [trigger] = book.tick(1, 1.0950, 1.0950, usd, 50, allOpen); // equity 3300 - 1500 = 1800: 54.5 %, above 50
    expect(trigger).toBeUndefined();
    const [stopOut] = book.tick(1, 1.0940, 1.0940, usd, 50, allOpen); // equity 3300 - 1800 = 1500: 45 %
    expect(stopOut).toMatchObject({ kind: 'stop_out', userId: 1 });
    expect(stopOut!.kind === 'stop_out' && stopOut!.ids[0]).toBe(2);
  });

  it('passes over a position whose market is shut: a price elsewhere stops out only what can close', () => {
    const book = new Book();
    book.account(1, '0');
    book.add(order(1, { price: '1.1000', lots: '2', margin: '2200', productId: 2 })); // shut since it lost 400
    book.add(order(2, { price: '1.1000', lots: '1', margin: '1100' }));
    book.tick(2, 1.0980, 1.0980, usd, 50, allOpen);
    const shut = (productId: number) => productId !== 2;
    // Equity 3300 - 400 - 1000 = 1900 on 3300: 57.6 %, above 50.
    expect(book.tick(1, 1.0900, 1.0900, usd, 50, shut)).toEqual([]);
    // Equity 3300 - 400 - 1300 = 1600: 48.5 %. The largest loss is product 1's now, and it closes.
    const [first] = book.tick(1, 1.0870, 1.0870, usd, 50, shut);
    expect(first).toMatchObject({ kind: 'stop_out', ids: [2] });
    // With product 1 doing better, product 2's loss (400) is the larger, but it waits for its market.
    book.tick(2, 1.0900, 1.0900, usd, 50, shut); // product 2: -2000
    const [second] = book.tick(1, 1.0880, 1.0880, usd, 50, shut); // product 1: -1200; equity 100: 3 %
    expect(second).toMatchObject({ kind: 'stop_out', ids: [2] });
  });

  it('counts a position whose close is on its way in the figures it lists it with, until the close commits', () => {
    const book = new Book();
    book.account(1, '1000');
    book.add(order(1, { price: '1.1000', margin: '1100' }));
    const closing = order(2, { price: '1.1000', margin: '1100' });
    book.add(closing);
    book.tick(1, 1.0990, 1.0990, usd, 50, allOpen); // each -100
    closing.busy = true;
    const during = book.snapshot(book.findAccount(1)!);
    expect(during.TransOrder.map((o) => o.Id)).toEqual([1, 2]);
    expect(during).toMatchObject({ CautionMoneyAll: '2200.000000', ProfitsTotal: '-200.000000', Balance: '1000.000000' });
    expect(during.HazardRate).toBeCloseTo(((1000 + 2200 - 200) / 2200) * 100, 2);
    book.remove(closing);
    book.account(1, '2000'); // the close credited margin 1100 and P&L -100
    const after = book.snapshot(book.findAccount(1)!);
    expect(after.TransOrder.map((o) => o.Id)).toEqual([1]);
    expect(after).toMatchObject({ CautionMoneyAll: '1100.000000', ProfitsTotal: '-100.000000' });
    expect(after.HazardRate).toBeCloseTo(((2000 + 1100 - 100) / 1100) * 100, 2);
  });
});
