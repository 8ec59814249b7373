import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/012_shared_blobs.sql: the development outbox when `MAIL_OUTBOX=database`. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
