import { bigint, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/011_engine_leadership.sql. */
export const engineLeadership = pgTable('engine_leadership', {
  id: smallint('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  node: text('node').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Mirrors migrations/013_cluster_secret.sql. */
export const clusterSecrets = pgTable('cluster_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
