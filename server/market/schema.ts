import { bigint, boolean, doublePrecision, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';

/** Mirrors migrations/002_market.sql (and 008_products.sql), which is the source of truth for the database itself. */

export const productCategories = pgTable('product_categories', {
  id: integer('id').primaryKey(),
  sort: integer('sort').notNull().default(0),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
});

const decimal = (name: string) => numeric(name, { precision: 20, scale: 8 });

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  showCode: text('show_code').notNull(),
  logo: text('logo').notNull().default(''),
  categoryId: integer('category_id').notNull(),
  pricePrecision: smallint('price_precision').notNull(),
  pip: decimal('pip').notNull(),
  minCont: decimal('min_cont').notNull(),
  maxCont: decimal('max_cont').notNull(),
  contNum: decimal('cont_num').notNull(),
  marginMode: smallint('margin_mode').notNull().default(2),
  feeRate: decimal('fee_rate').notNull().default('0'),
  leverages: integer('leverages').array().notNull(),
  spread: decimal('spread').notNull(),
  volatility: doublePrecision('volatility').notNull(),
  startPrice: decimal('start_price').notNull(),
  session: text('session').notNull(),
  quoteCurrency: text('quote_currency').notNull().default('USD'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  /** 0 follows the sessions, 1 held open, 2 held closed by staff. */
  marketStatus: smallint('market_status').notNull().default(0),
});

export const candles = pgTable(
  'candles',
  {
    productId: integer('product_id').notNull(),
    period: text('period').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: integer('volume').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.period, t.time] })],
);

export const lastQuotes = pgTable('last_quotes', {
  productId: integer('product_id').primaryKey(),
  bid: doublePrecision('bid').notNull(),
  ask: doublePrecision('ask').notNull(),
  time: bigint('time', { mode: 'number' }).notNull(),
});
