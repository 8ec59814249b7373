import { and, eq, inArray } from 'drizzle-orm';
import { dec, money6 } from '../../domain/decimal';
import { negativeBalanceProtection } from '../../domain/account';
import type { Db } from '../platform/store/open';
import { ledger, wallets } from '../accounts/schema';
import { orders, type OrderRow } from './schema';

/**
 * Every write of the engine: one transaction each, the wallet row locked first, every balance
 * change with its ledger row. The engine decides; this only books.
 */

export type LedgerKind = 'trade_open' | 'trade_close' | 'trade_cancel' | 'demo_reset' | 'adjust';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The wallet's free balance, locked until the transaction ends. */
export async function lockBalance(tx: Tx | Db, userId: number): Promise<string> {
  const [row] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  if (!row) throw new Error(`user ${userId} has no wallet`);
  return row.balance;
}

/** Moves the balance by `amount` and writes the ledger row; returns the new balance. */
async function book(tx: Tx, userId: number, balance: string, amount: string, kind: LedgerKind, ref: string): Promise<string> {
  const after = money6(dec(balance).plus(dec(amount)));
  await tx.insert(ledger).values({ userId, kind, amount: money6(amount), balanceAfter: after, ref });
  return after;
}

async function setBalance(tx: Tx, userId: number, balance: string): Promise<void> {
  await tx.update(wallets).set({ balance }).where(eq(wallets.userId, userId));
}

export interface NewOrder {
  userId: number;
  productId: number;
  side: number;
  lots: string;
  leverage: number;
  status: 0 | 1;
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
export async function insertOrder(tx: Tx, balance: string, order: NewOrder): Promise<{ row: OrderRow; balance: string }> {
  const [row] = await tx.insert(orders).values(order).returning();
  const after = await book(tx, order.userId, balance, dec(order.margin).plus(dec(order.fee)).negated().toString(), 'trade_open', `order:${row!.id}`);
  await setBalance(tx, order.userId, after);
  return { row: row!, balance: after };
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
  const [row] = await tx.update(orders).set({ status: 1, price }).where(eq(orders.id, id)).returning();
  return row!;
}

/**
 * Closes a position: margin plus P&L back to the balance. A loss deeper than the balance leaves 0,
 * the shortfall booked to the house (negative balance protection).
 */
export async function closeOrder(
  tx: Tx, userId: number, balance: string, id: number, close: { price: string; profit: string; closedType: number },
): Promise<{ row: OrderRow; balance: string }> {
  const [row] = await tx.update(orders)
    .set({ status: 3, closePrice: close.price, profit: money6(close.profit), closedType: close.closedType, completedAt: new Date() })
    .where(eq(orders.id, id)).returning();
  let after = await book(tx, userId, balance, dec(row!.margin).plus(dec(close.profit)).toString(), 'trade_close', `order:${id}`);
  const { houseLoss } = negativeBalanceProtection(after);
  if (houseLoss.gt(0)) after = await book(tx, userId, after, houseLoss.toString(), 'adjust', `order:${id}`);
  await setBalance(tx, userId, after);
  return { row: row!, balance: after };
}

/** Cancels a pending order and refunds the margin and fee it reserved. */
export async function cancelOrder(tx: Tx, userId: number, balance: string, row: OrderRow): Promise<string> {
  await tx.update(orders).set({ status: 4, completedAt: new Date() }).where(eq(orders.id, row.id));
  const after = await book(tx, userId, balance, dec(row.margin).plus(dec(row.fee)).toString(), 'trade_cancel', `order:${row.id}`);
  await setBalance(tx, userId, after);
  return after;
}

export async function setStops(tx: Tx | Db, id: number, stopLoss: string, takeProfit: string): Promise<void> {
  await tx.update(orders).set({ stopLoss, takeProfit }).where(eq(orders.id, id));
}

/** Sets the balance to `amount` with one demo_reset record. */
export async function resetBalance(tx: Tx, userId: number, balance: string, amount: string): Promise<string> {
  const after = await book(tx, userId, balance, dec(amount).minus(dec(balance)).toString(), 'demo_reset', 'demo');
  await setBalance(tx, userId, after);
  return after;
}

/** Every pending and open order, oldest first: the engine's memory after a start. */
export async function liveOrders(db: Db): Promise<OrderRow[]> {
  return db.select().from(orders).where(inArray(orders.status, [0, 1])).orderBy(orders.id);
}

export async function balancesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ userId: wallets.userId, balance: wallets.balance }).from(wallets).where(inArray(wallets.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.balance]));
}


/** One order of the user, whatever its status; undefined for unknown ids and other users' orders. */
export async function findOrder(db: Db, userId: number, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId))).limit(1);
  return row;
}
