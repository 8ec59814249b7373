import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS, ORDER_TAB, tradingCalls as calls, type AccountLogKind } from '../../contract/trading';
import { money6, sum } from '../../domain/decimal';
import type { Deps } from '../deps';
import type { Desk } from './desk';
import { orderView } from './order-view';
import { wireTime } from '../market/market';
import { refuse } from '../platform/http/refusal';
import { timedOrder } from '../platform/metrics';
import * as ledger from '../ledger/ledger';
import { orders } from './schema';

const STATUSES_OF_TAB: Record<number, number[]> = {
  [ORDER_TAB.holding]: [ORDER_STATUS.open],
  [ORDER_TAB.pending]: [ORDER_STATUS.pending],
  [ORDER_TAB.history]: [ORDER_STATUS.closed, ORDER_STATUS.cancelled],
};
const DEFAULT_LIMIT = 10;

/** Orders and the trading account: the engine does the work (through the desk), these only read and answer. */
export function tradingRoutes({ route, db, market, settings }: Deps, desk: Desk): void {
  const wallet = async (userId: number) => (await ledger.walletOf(db, userId)) ?? refuse('session_invalid');

  route(calls.submit, async (q, { userId }) => {
    settings.refuseWhenPaused('trading');
    return timedOrder('submit', () => desk.submit(userId, {
      side: q.type, lots: q.cont, productId: q.forex_id, market: q.status === ORDER_STATUS.open, target: q.target_price,
      stopLoss: q.stop_loss_price, takeProfit: q.target_profit_price, leverage: q.multiple, requestId: q.client_order_id ?? q.request_id,
    }));
  }, { successMsg: 'order_placed' });

  route(calls.myDeal, async ({ status, page, limit = DEFAULT_LIMIT }, { userId }) => {
    const where = and(eq(orders.userId, userId), inArray(orders.status, STATUSES_OF_TAB[status]!));
    // History by when each order ended (closed or cancelled), the newest first; the others by when placed.
    const newest = status === ORDER_TAB.history ? [desc(orders.completedAt), desc(orders.id)] : [desc(orders.id)];
    const [rows, [counted], { available: balance }, live] = await Promise.all([
      db.select().from(orders).where(where).orderBy(...newest).limit(limit).offset((page - 1) * limit),
      db.select({ total: sql<number>`count(*)::int`, profit: sql<string>`coalesce(sum(profit), 0)` }).from(orders).where(where),
      wallet(userId),
      desk.live(userId),
    ]);
    const profits = status === ORDER_TAB.holding ? (live?.openPnl ?? 0)
      : status === ORDER_TAB.history ? counted!.profit : 0;
    return {
      data: rows.map((row) => orderView(row, market.product(row.productId), live?.orders[row.id])),
      total: counted!.total,
      all_fact_profits: money6(profits),
      balance,
    };
  });

  route(calls.close, async ({ id }, { userId }) => timedOrder('close', () => desk.close(userId, id)).then(() => null), { successMsg: 'order_closed' });
  route(calls.cancel, async ({ id }, { userId }) => timedOrder('cancel', () => desk.cancel(userId, id)).then(() => null), { successMsg: 'order_cancelled' });
  route(calls.setStopPrice, async (q, { userId }) =>
    timedOrder('stops', () => desk.setStops(userId, q.id, { stopLoss: q.stop_loss_price, takeProfit: q.target_profit_price })).then(() => null), { successMsg: 'stops_saved' });

  route(calls.resetDemo, async (_q, { userId, isDemo }) => {
    if (!isDemo) refuse('demo_only');
    await desk.resetDemo(userId);
    return null;
  }, { successMsg: 'demo_reset' });

  route(calls.forexDetail, async (_q, { userId }) => {
    const [{ frozen, available }, [held]] = await Promise.all([
      wallet(userId),
      db.select({ amount: sql<string>`coalesce(sum(margin + CASE WHEN status = 0 THEN fee ELSE 0 END), 0)` })
        .from(orders).where(and(eq(orders.userId, userId), inArray(orders.status, [ORDER_STATUS.pending, ORDER_STATUS.open]))),
    ]);
    return { available, frozen: money6(sum([frozen, held!.amount])) };
  });

  route(calls.forexChange, async ({ page, limit = DEFAULT_LIMIT }, { userId }) => {
    const { rows, total } = await ledger.history(db, userId, page, limit);
    return {
      list: rows.map((r) => ({
        Id: r.id, Kind: r.kind as AccountLogKind, Value: r.amount, Frozen: r.frozen, BalanceAfter: r.balanceAfter, CreatedAtTran: wireTime(r.createdAt),
      })),
      total,
    };
  });
}
