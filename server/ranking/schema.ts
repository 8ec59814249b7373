import { integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/007_ranking.sql. */
const rate = (name: string) => numeric(name, { precision: 20, scale: 2 });

export const rankingRuns = pgTable('ranking_runs', {
  id: serial('id').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  listed: integer('listed').notNull(),
});

export const rankingEntries = pgTable('ranking_entries', {
  position: integer('position').primaryKey(),
  userId: integer('user_id').notNull().unique(),
  maskedName: text('masked_name').notNull(),
  code: text('code').notNull(),
  multiple: numeric('multiple', { precision: 10, scale: 1 }).notNull(),
  threeWeekRate: rate('three_week_rate').notNull(),
  threeWeekWin: numeric('three_week_win', { precision: 5, scale: 2 }).notNull(),
  threeWeekProfit: rate('three_week_profit').notNull(),
  totalRate: rate('total_rate').notNull(),
  totalTradeNum: integer('total_trade_num').notNull(),
  /** JSON array of numbers: the cumulative result after fees at each day's end, oldest first. */
  curve: text('curve').notNull(),
});

export type RankingEntryRow = typeof rankingEntries.$inferInsert;
