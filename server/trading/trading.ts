import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '../../contract/trading';
import type { Db } from '../platform/store/open';
import { orders } from './schema';

/**
 * What other features may read of trading: figures of closed orders, never the orders themselves.
 * A closed order's result is its profit less its fee (the fee was paid when it opened).
 */
export interface ClosedTradeDay {
  userId: number;
  /** Days since `from` (0 is the day that starts at `from`). */
  day: number;
  trades: number;
  /** Trades whose result after the fee is above zero. */
  wins: number;
  /** Result after fees, USD. */
  net: string;
  leverageSum: number;
}

const net = sql<string>`sum(${orders.profit} - ${orders.fee})::text`;

/** Per trader and day, the orders closed since `from`, for traders with at least `minTrades` of them. */
export async function closedTradesByDay(db: Db, from: Date, minTrades: number): Promise<ClosedTradeDay[]> {
  const since = and(eq(orders.status, ORDER_STATUS.closed), gte(orders.completedAt, from));
  const active = db.select({ userId: orders.userId }).from(orders).where(since)
    .groupBy(orders.userId).having(sql`count(*) >= ${minTrades}`);
  const day = sql<number>`floor(extract(epoch FROM ${orders.completedAt} - ${from.toISOString()}::timestamptz) / 86400)::int`;
  return db.select({
    userId: orders.userId,
    day,
    trades: sql<number>`count(*)::int`,
    wins: sql<number>`count(*) FILTER (WHERE ${orders.profit} - ${orders.fee} > 0)::int`,
    net,
    leverageSum: sql<number>`sum(${orders.leverage})::int`,
    // By position: the day's expression carries its own parameter, so it cannot be repeated.
  }).from(orders).where(and(since, inArray(orders.userId, active))).groupBy(sql`1`, sql`2`);
}

/** Per trader, every closed order ever: how many, and their result after fees. */
export async function closedTradeTotals(db: Db, userIds: number[]): Promise<Map<number, { trades: number; net: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ userId: orders.userId, trades: sql<number>`count(*)::int`, net }).from(orders)
    .where(and(eq(orders.status, ORDER_STATUS.closed), inArray(orders.userId, userIds))).groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId, { trades: r.trades, net: r.net }]));
}
