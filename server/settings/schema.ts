import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Mirrors the `settings` table of migrations/001_accounts.sql. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
