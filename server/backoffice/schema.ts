import { bigint, bigserial, boolean, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/001_accounts.sql and 005_funds_identity_backoffice.sql. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('admin'),
  totpSecret: text('totp_secret'),
  /** The time step of the last code logged in with: a code is taken once (RFC 6238, 5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  active: boolean('active').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type StaffRow = typeof staff.$inferSelect;

export const staffSessions = pgTable('staff_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const adjustments = pgTable('adjustments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  amount: numeric('amount', { precision: 20, scale: 6 }).notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('pending'),
  requestedBy: integer('requested_by').notNull(),
  resolvedBy: integer('resolved_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  resolvedAt: at('resolved_at'),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: integer('staff_id'),
  action: text('action').notNull(),
  target: text('target').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
  ip: text('ip'),
  at: at('at').notNull().defaultNow(),
});
