import { and, eq, inArray } from 'drizzle-orm';
import { ORDER_STATUS } from '../../contract/trading';
import { dec, money6 } from '../../domain/decimal';
import { negativeBalanceProtection } from '../../domain/account';
import * as ledger from '../ledger/ledger';
import type { Db, Tx } from '../platform/store/open';
import { orders, type OrderRow } from './schema';

/**
 * Every write of the engine: one `ledger.transaction` each, the wallet locked first, every balance
 * change posted through the ledger. The engine decides; this only books.
 */

export interface NewOrder {
  userId: number;
  productId: number;
  side: number;
  lots: string;
  leverage: number;
  status: typeof ORDER_STATUS.pending | typeof ORDER_STATUS.open;
  pendingType: string | null;
  originPrice: string;
  price: string | null;
  stopLoss: string;
  takeProfit: string;
  margin: string;
  fee: string;
  requestId: string | null;
}

/** Takes margin and fee from the balance and writes the order. */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  const cost = dec(order.margin).plus(dec(order.fee)).negated().toString();
  await ledger.post(tx, [{ userId: order.userId, kind: 'trade_open', amount: cost, ref: `order:${row!.id}` }]);
  return row!;
}

export async function findByRequestId(db: Db, userId: number, requestId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.requestId, requestId))).limit(1);
  return row;
}

/** The order of `userId` in `status`, locked; undefined when it is not (or no longer) there. */
export async function lockOrder(tx: Tx, userId: number, id: number, status: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId), eq(orders.status, status))).for('update');
  return row;
}

/** A pending order becomes a position at `price`; its money was taken at placement. */
export async function fillOrder(tx: Tx, id: number, price: string): Promise<OrderRow> {
  const [row] = await tx.update(orders).set({ status: ORDER_STATUS.open, price }).where(eq(orders.id, id)).returning();
  return row!;
}

/**
 * Closes a position: margin plus P&L back to the balance. A loss deeper than the balance leaves 0,
 * the shortfall booked to the house (negative balance protection).
 */
export async function closeOrder(
  tx: Tx, userId: number, balance: string, id: number, close: { price: string; profit: string; closedType: number },
): Promise<string> {
  const [row] = await tx.update(orders)
    .set({ status: ORDER_STATUS.closed, closePrice: close.price, profit: money6(close.profit), closedType: close.closedType, completedAt: new Date() })
    .where(eq(orders.id, id)).returning();
  const back = dec(row!.margin).plus(dec(close.profit));
  const { houseLoss } = negativeBalanceProtection(dec(balance).plus(back));
  const ref = `order:${id}`;
  const { available } = await ledger.post(tx, [
    { userId, kind: 'trade_close', amount: back.toString(), ref },
    ...(houseLoss.gt(0) ? [{ userId, kind: 'adjust' as const, amount: houseLoss.toString(), ref }] : []),
  ]);
  return available;
}

/** Cancels a pending order and refunds the margin and fee it reserved. */
export async function cancelOrder(tx: Tx, userId: number, row: OrderRow): Promise<string> {
  await tx.update(orders).set({ status: ORDER_STATUS.cancelled, completedAt: new Date() }).where(eq(orders.id, row.id));
  const refund = dec(row.margin).plus(dec(row.fee)).toString();
  return (await ledger.post(tx, [{ userId, kind: 'trade_cancel', amount: refund, ref: `order:${row.id}` }])).available;
}

export async function setStops(tx: Tx | Db, id: number, stopLoss: string, takeProfit: string): Promise<void> {
  await tx.update(orders).set({ stopLoss, takeProfit }).where(eq(orders.id, id));
}

/** Sets the balance to `amount` with one demo_reset record. */
export async function resetBalance(tx: Tx, userId: number, balance: string, amount: string): Promise<string> {
  return (await ledger.post(tx, [{ userId, kind: 'demo_reset', amount: dec(amount).minus(dec(balance)).toString(), ref: 'demo' }])).available;
}

/** Every pending and open order, oldest first: the engine's memory after a start. */
export async function liveOrders(db: Db): Promise<OrderRow[]> {
  return db.select().from(orders).where(inArray(orders.status, [ORDER_STATUS.pending, ORDER_STATUS.open])).orderBy(orders.id);
}

/** One order of the user, whatever its status; undefined for unknown ids and other users' orders. */
export async function findOrder(db: Db, userId: number, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId))).limit(1);
  return row;
}
