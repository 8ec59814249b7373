import { bigserial, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/006_content.sql. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const news = pgTable('news', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  logo: text('logo').notNull().default(''),
  /** Sanitised HTML. */
  content: text('content').notNull(),
  /** A language code, or null for every language. */
  lang: text('lang'),
  published: boolean('published').notNull().default(true),
  /** When it was last published: what readers see it dated and ordered by. */
  publishedAt: at('published_at'),
  createdBy: integer('created_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type NewsRow = typeof news.$inferSelect;

export const feedback = pgTable('feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  text: text('text').notNull(),
  contact: text('contact'),
  createdAt: at('created_at').notNull().defaultNow(),
  readBy: integer('read_by'),
  readAt: at('read_at'),
});

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  url: text('url').notNull().default(''),
  subject: text('subject').notNull().default(''),
  registeredAddress: text('registered_address').notNull().default(''),
  location: text('location').notNull().default(''),
  email: text('email').notNull().default(''),
  active: boolean('active').notNull().default(true),
});
