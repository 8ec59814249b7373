import { bigserial, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors the wallet, ledger and hold tables of migrations/001_accounts.sql and 004_ledger_holds.sql. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 20, scale: 6 });

export const wallets = pgTable('wallets', {
  userId: integer('user_id').primaryKey(),
  balance: money('balance').notNull().default('0'),
  lockBalance: money('lock_balance').notNull().default('0'),
});

export const ledger = pgTable('ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind').notNull(),
  amount: money('amount').notNull(),
  balanceAfter: money('balance_after').notNull(),
  frozen: money('frozen').notNull().default('0'),
  ref: text('ref'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const holds = pgTable('holds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  amount: money('amount').notNull(),
  status: text('status').notNull().default('held'),
  ref: text('ref').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  resolvedAt: at('resolved_at'),
});

export type LedgerRow = typeof ledger.$inferSelect;
