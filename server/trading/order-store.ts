import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { CLOSED_TYPE, ORDER_STATUS } from '../../contract/trading';
import { dec, money6 } from '../../domain/decimal';
import { negativeBalanceProtection } from '../../domain/account';
import * as ledger from '../ledger/ledger';
import { Refusal } from '../platform/http/refusal';
import type { Fence } from '../platform/store/fence';
import type { Db, Tx } from '../platform/store/open';
import { orders, type OrderRow } from './schema';

/**
 * Every write of the engine, each balance change posted through the ledger: one `ledger.transaction`
 * each with the wallet locked first, or, on the fast path (`bookMany`), many orders in one statement
 * that moves the wallets and writes their rows together. The engine decides; this only books.
 */

export interface NewOrder {
  userId: number;
  productId: number;
  side: number;
  lots: string;
  contNum: string;
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

/**
 * A pending order becomes a position at `price`, with the margin and fee worked out there: what it
 * reserved at placement is settled against them, the difference returned or taken in one record.
 */
export async function fillOrder(tx: Tx, reserved: OrderRow, price: string, cost: { margin: string; fee: string }): Promise<OrderRow> {
  const [row] = await tx.update(orders).set({ status: ORDER_STATUS.open, price, ...cost }).where(eq(orders.id, reserved.id)).returning();
  const change = dec(reserved.margin).plus(dec(reserved.fee)).minus(dec(cost.margin)).minus(dec(cost.fee));
  if (!change.isZero()) await ledger.post(tx, [{ userId: reserved.userId, kind: 'trade_fill', amount: change.toString(), ref: `order:${reserved.id}` }]);
  return row!;
}

export interface Close {
  id: number;
  close: { price: string; profit: string; closedType: number };
}

/**
 * Closes positions of one account together: each one's margin plus P&L back to the balance, one
 * `trade_close` record each. A loss deeper than the balance leaves 0, the shortfall booked to the
 * house (negative balance protection), once and after them all: the loss of one is first met by
 * what the others return, as a stop-out's closes must be (its rules reset the balance after it).
 */
export async function closeOrders(tx: Tx, userId: number, balance: string, closes: Close[]): Promise<string> {
  const entries: ledger.Entry[] = [];
  let after = dec(balance);
  for (const { id, close } of closes) {
    const [row] = await tx.update(orders)
      .set({ status: ORDER_STATUS.closed, closePrice: close.price, profit: money6(close.profit), closedType: close.closedType, completedAt: new Date() })
      .where(eq(orders.id, id)).returning();
    const back = dec(row!.margin).plus(dec(close.profit));
    after = after.plus(back);
    entries.push({ userId, kind: 'trade_close', amount: back.toString(), ref: `order:${id}` });
  }
  const { houseLoss } = negativeBalanceProtection(after);
  if (houseLoss.gt(0)) entries.push({ userId, kind: 'adjust', amount: houseLoss.toString(), ref: entries.at(-1)!.ref });
  return (await ledger.post(tx, entries)).available;
}

/** Cancels a pending order and refunds the margin and fee it reserved; `closedType` says why when the trader did not. */
export async function cancelOrder(tx: Tx, userId: number, row: OrderRow, closedType: number = CLOSED_TYPE.none): Promise<string> {
  await tx.update(orders).set({ status: ORDER_STATUS.cancelled, closedType, completedAt: new Date() }).where(eq(orders.id, row.id));
  const refund = dec(row.margin).plus(dec(row.fee)).toString();
  return (await ledger.post(tx, [{ userId, kind: 'trade_cancel', amount: refund, ref: `order:${row.id}` }])).available;
}

export async function setStops(tx: Tx, id: number, stopLoss: string, takeProfit: string): Promise<void> {
  await tx.update(orders).set({ stopLoss, takeProfit }).where(eq(orders.id, id));
}

/** Sets the balance to `amount` with one demo_reset record; a balance already there records nothing. */
export async function resetBalance(tx: Tx, userId: number, balance: string, amount: string): Promise<string> {
  const change = dec(amount).minus(dec(balance));
  if (change.isZero()) return balance;
  return (await ledger.post(tx, [{ userId, kind: 'demo_reset', amount: change.toString(), ref: 'demo' }])).available;
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

/** What the engine asks the store to book on its fast path, many at a time (see `bookMany`). */
export type BookJob =
  | { kind: 'open'; order: NewOrder }
  | { kind: 'close'; userId: number; id: number; margin: string; close: { price: string; profit: string; closedType: number } };

/**
 * Books many opens and closes in one statement (one round trip, one commit): the new orders, the
 * closed orders (only those still open), and, through the ledger, every wallet and ledger row. A
 * close whose order is no longer open answers its refusal and moves no money. The engine sends at
 * most one job per account and only closes that need no cover from the house. Nothing is written
 * unless `fence` holds (this engine still leads), checked in the same statement.
 */
export async function bookMany(db: Db, fence: Fence, jobs: BookJob[]): Promise<(OrderRow | null | Error)[]> {
  const opens = jobs.filter((j): j is Extract<BookJob, { kind: 'open' }> => j.kind === 'open');
  const closes = jobs.filter((j): j is Extract<BookJob, { kind: 'close' }> => j.kind === 'close');
  const leads = sql`leads AS (SELECT ${fence.holds} AS yes)`;
  const opened = opens.length === 0 ? sql`opened AS (SELECT ${RETURNED} FROM orders WHERE false)` : sql`opened AS (
    INSERT INTO orders (user_id, product_id, side, lots, cont_num, leverage, status, pending_type, origin_price, price, stop_loss, take_profit, margin, fee, request_id)
    SELECT v.* FROM (VALUES ${sql.join(opens.map(({ order: o }) => sql`(${o.userId}::int, ${o.productId}::int, ${o.side}::smallint, ${o.lots}::numeric, ${o.contNum}::numeric, ${o.leverage}::int,
      ${o.status}::smallint, ${o.pendingType}::text, ${o.originPrice}::numeric, ${o.price}::numeric, ${o.stopLoss}::numeric, ${o.takeProfit}::numeric,
      ${o.margin}::numeric, ${o.fee}::numeric, ${o.requestId}::text)`), sql`, `)}) AS v
    WHERE (SELECT yes FROM leads)
    RETURNING ${RETURNED})`;
  const closed = closes.length === 0 ? sql`closed AS (SELECT NULL::bigint AS id, NULL::int AS user_id, NULL::numeric AS back WHERE false)` : sql`closed AS (
    UPDATE orders SET status = ${ORDER_STATUS.closed}, close_price = v.price, profit = v.profit, closed_type = v.closed_type, completed_at = now()
    FROM (VALUES ${sql.join(closes.map((j) => sql`(${j.id}::bigint, ${j.close.price}::numeric, ${money6(j.close.profit)}::numeric,
      ${j.close.closedType}::smallint, ${money6(dec(j.margin).plus(dec(j.close.profit)))}::numeric)`), sql`, `)})
      AS v(id, price, profit, closed_type, back)
    WHERE orders.id = v.id AND orders.status = ${ORDER_STATUS.open} AND (SELECT yes FROM leads)
    RETURNING orders.id, orders.user_id, v.back)`;
  const { answer } = await ledger.postInOneStatement<{ leads: boolean; opened: Record<string, unknown>[]; closed: number[] }>(db, sql`${leads}, ${opened}, ${closed},
    entries AS (
      SELECT "userId" AS user_id, 'trade_open'::text AS kind, -("margin"::numeric + "fee"::numeric) AS amount, 'order:' || id AS ref, id AS seq FROM opened
      UNION ALL SELECT user_id, 'trade_close', back, 'order:' || id, id FROM closed)`,
  sql`SELECT json_build_object('leads', (SELECT yes FROM leads), 'opened', (SELECT coalesce(json_agg(o), '[]') FROM opened o),
    'closed', (SELECT coalesce(json_agg(c.id), '[]') FROM closed c))`);
  if (!answer.leads) throw new Refusal('engine_unavailable');
  const openedBy = new Map(answer.opened.map((raw) => { const row = orderFromJson(raw); return [row.userId, row]; }));
  const closedIds = new Set(answer.closed.map(Number));
  return jobs.map((j) => (j.kind === 'open' ? openedBy.get(j.order.userId)! : closedIds.has(j.id) ? null : new Refusal('order_not_open')));
}

const columns = Object.entries(getTableColumns(orders));
/** Every column of a new order under its TypeScript name, numbers as text so that no digit is lost on the way. */
const RETURNED = sql.raw(columns.map(([key, c]) => `${c.name}${c.columnType === 'PgNumeric' ? '::text' : ''} AS "${key}"`).join(', '));

function orderFromJson(raw: Record<string, unknown>): OrderRow {
  const row = { ...raw } as Record<string, unknown>;
  for (const [key, c] of columns) {
    if (c.columnType === 'PgTimestamp' && row[key] != null) row[key] = new Date(row[key] as string);
    if (c.columnType === 'PgBigSerial53' && row[key] != null) row[key] = Number(row[key]);
  }
  return row as OrderRow;
}
