import { sql } from 'drizzle-orm';
import { bigserial, boolean, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/*.sql, which are the source of truth for the database itself. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().default(sql`(10000000 + nextval('users_uid_seq'))::text`),
  email: text('email'),
  mobile: text('mobile'),
  /** `+<global_code><number>` of an account made by mobile: unique, its login. */
  phone: text('phone'),
  areaId: integer('area_id'),
  passwordHash: text('password_hash'),
  isDemo: boolean('is_demo').notNull().default(false),
  demoId: text('demo_id'),
  inviteCode: text('invite_code').notNull(),
  invitedBy: integer('invited_by'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

export const emailCodes = pgTable('email_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  purpose: smallint('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: at('expires_at').notNull(),
});

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  globalCode: text('global_code').notNull(),
  /** Offered to traders registering; an inactive one still resolves for accounts made with it. */
  active: boolean('active').notNull().default(true),
});
