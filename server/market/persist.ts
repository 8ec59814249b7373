import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { PERIODS, type Period } from '../../contract/market';
import { rowsOf, type Db } from '../platform/store/open';
import { candles, lastQuotes, productCategories, products } from './schema';
import type { Instrument } from './catalogue';
import { isSessionKind } from './sessions';

/** One candle of one instrument, as the market keeps and stores it. */
export interface Bar {
  productId: number;
  period: Period;
  /** Bucket start, epoch ms. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface StoredQuote {
  productId: number;
  bid: number;
  ask: number;
  time: number;
}

export interface CategoryRow {
  id: number;
  names: Record<string, string>;
}

export async function loadCatalogue(db: Db): Promise<{ categories: CategoryRow[]; instruments: Instrument[] }> {
  const cats = await db.select().from(productCategories).orderBy(asc(productCategories.sort), asc(productCategories.id));
  const rows = await db.select().from(products).where(eq(products.enabled, true)).orderBy(asc(products.sort), asc(products.id));
  const instruments = rows.map((r): Instrument => {
    if (!isSessionKind(r.session)) throw new Error(`product ${r.code}: unknown session "${r.session}"`);
    return {
      id: r.id,
      code: r.code,
      showCode: r.showCode,
      logo: r.logo,
      categoryId: r.categoryId,
      pricePrecision: r.pricePrecision,
      pip: Number(r.pip),
      minCont: Number(r.minCont),
      maxCont: Number(r.maxCont),
      contNum: Number(r.contNum),
      marginMode: r.marginMode,
      feeRate: Number(r.feeRate),
      leverages: [...r.leverages].sort((a, b) => a - b),
      spread: Number(r.spread),
      volatility: r.volatility,
      startPrice: Number(r.startPrice),
      session: r.session,
      quoteCurrency: r.quoteCurrency,
      sort: r.sort,
      marketStatus: r.marketStatus,
    };
  });
  return { categories: cats.map((c) => ({ id: c.id, names: c.names })), instruments };
}

type BarRow = { product_id: number; period: string; time: string | number; open: number; high: number; low: number; close: number; volume: number };

const barOf = (r: BarRow): Bar => ({
  productId: Number(r.product_id),
  period: r.period as Period,
  time: Number(r.time),
  open: Number(r.open),
  high: Number(r.high),
  low: Number(r.low),
  close: Number(r.close),
  volume: Number(r.volume),
});

/** The newest two candles of every instrument and period (the open one and the one before). */
export async function loadRecentBars(db: Db): Promise<Bar[]> {
  const periods = `{${PERIODS.join(',')}}`;
  const result = await db.execute(sql`
    SELECT c.* FROM products p
    CROSS JOIN unnest(${periods}::text[]) AS per(period)
    CROSS JOIN LATERAL (
      SELECT * FROM candles WHERE product_id = p.id AND period = per.period ORDER BY time DESC LIMIT 2
    ) c`);
  return rowsOf<BarRow>(result).map(barOf);
}

export async function loadQuotes(db: Db): Promise<StoredQuote[]> {
  const rows = await db.select().from(lastQuotes);
  return rows.map((r) => ({ productId: r.productId, bid: r.bid, ask: r.ask, time: Number(r.time) }));
}

/** The newest `limit` candles before `before` (exclusive), oldest first. */
export async function readBars(db: Db, productId: number, period: Period, before: number, limit: number): Promise<Bar[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.period, period), lt(candles.time, before)))
    .orderBy(desc(candles.time))
    .limit(limit);
  return rows.reverse().map((r) => ({ ...r, period: r.period as Period, time: Number(r.time) }));
}

const CHUNK = 10_000;
/** A Postgres array literal of plain numbers or simple words (no quoting needed). */
const arrayText = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/** Inserts or replaces candles, many rows per statement (arrays unnested server-side). */
export async function writeBars(db: Db, bars: readonly Bar[]): Promise<void> {
  for (let i = 0; i < bars.length; i += CHUNK) {
    const chunk = bars.slice(i, i + CHUNK);
    const col = <K extends keyof Bar>(key: K) => arrayText(chunk.map((b) => b[key]));
    await db.execute(sql`
      INSERT INTO candles (product_id, period, time, open, high, low, close, volume)
      SELECT * FROM unnest(${col('productId')}::int[], ${col('period')}::text[], ${col('time')}::bigint[],
        ${col('open')}::float8[], ${col('high')}::float8[], ${col('low')}::float8[], ${col('close')}::float8[], ${col('volume')}::int[])
      ON CONFLICT (product_id, period, time) DO UPDATE SET
        open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`);
  }
}

export async function writeQuotes(db: Db, quotes: readonly StoredQuote[]): Promise<void> {
  if (quotes.length === 0) return;
  const col = <K extends keyof StoredQuote>(key: K) => arrayText(quotes.map((q) => q[key]));
  await db.execute(sql`
    INSERT INTO last_quotes (product_id, bid, ask, time)
    SELECT * FROM unnest(${col('productId')}::int[], ${col('bid')}::float8[], ${col('ask')}::float8[], ${col('time')}::bigint[])
    ON CONFLICT (product_id) DO UPDATE SET bid = excluded.bid, ask = excluded.ask, time = excluded.time`);
}
