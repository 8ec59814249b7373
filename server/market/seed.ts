import { sql } from 'drizzle-orm';
import type { Db } from '../platform/store/open';
import { productCategories, products } from './schema';
import { CATEGORIES, INSTRUMENTS } from './catalogue';

/** Writes the catalogue into an empty store; once there, staff edit it and this never overwrites it. */
export async function seedMarket(db: Db): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return;
  await db
    .insert(productCategories)
    .values(CATEGORIES.map((c, i) => ({ id: c.id, sort: i + 1, names: c.names })))
    .onConflictDoNothing();
  await db.insert(products).values(
    INSTRUMENTS.map((p, i) => ({
      code: p.code,
      showCode: p.showCode,
      logo: '',
      categoryId: p.categoryId,
      pricePrecision: p.pricePrecision,
      pip: String(p.pip),
      minCont: String(p.minCont),
      maxCont: String(p.maxCont),
      contNum: String(p.contNum),
      marginMode: p.marginMode,
      feeRate: String(p.feeRate),
      leverages: [...p.leverages].sort((a, b) => a - b),
      spread: String(p.spread),
      volatility: p.volatility,
      startPrice: String(p.startPrice),
      session: p.session,
      quoteCurrency: p.quoteCurrency,
      sort: i + 1,
    })),
  );
}
