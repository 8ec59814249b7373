import { bigint, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/005_funds_identity_backoffice.sql. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const identityChecks = pgTable('identity_checks', {
  userId: integer('user_id').primaryKey(),
  name: text('name').notNull(),
  cardId: text('card_id').notNull(),
  /** The ID number normalised, to find it on another account. */
  cardKey: text('card_key').notNull(),
  frontUpload: bigint('front_upload', { mode: 'number' }).notNull(),
  backUpload: bigint('back_upload', { mode: 'number' }).notNull(),
  status: smallint('status').notNull().default(1),
  reviewStatus: smallint('review_status').notNull().default(1),
  reason: text('reason'),
  attempts: smallint('attempts').notNull().default(1),
  /** Five, and one more for each time compliance reopened the case. */
  allowedAttempts: smallint('allowed_attempts').notNull().default(5),
  lang: text('lang').notNull().default('en'),
  reviewedBy: integer('reviewed_by'),
  submittedAt: at('submitted_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
});
export type IdentityRow = typeof identityChecks.$inferSelect;
