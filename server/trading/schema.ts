import { bigserial, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/003_orders.sql. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const priceColumn = (name: string) => numeric(name, { precision: 24, scale: 10 });
const moneyColumn = (name: string) => numeric(name, { precision: 20, scale: 6 });

export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  productId: integer('product_id').notNull(),
  side: smallint('side').notNull(),
  lots: numeric('lots', { precision: 20, scale: 8 }).notNull(),
  /** Units per lot when placed (migrations/017): a later change of the product's does not touch it. */
  contNum: numeric('cont_num', { precision: 20, scale: 8 }).notNull(),
  leverage: integer('leverage').notNull(),
  status: smallint('status').notNull(),
  pendingType: text('pending_type'),
  originPrice: priceColumn('origin_price').notNull(),
  price: priceColumn('price'),
  closePrice: priceColumn('close_price'),
  stopLoss: priceColumn('stop_loss').notNull().default('0'),
  takeProfit: priceColumn('take_profit').notNull().default('0'),
  margin: moneyColumn('margin').notNull(),
  fee: moneyColumn('fee').notNull(),
  profit: moneyColumn('profit').notNull().default('0'),
  closedType: smallint('closed_type').notNull().default(0),
  requestId: text('request_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  completedAt: at('completed_at'),
});

export type OrderRow = typeof orders.$inferSelect;
