import { asc, eq, sql } from 'drizzle-orm';
import type { CategoryItem, ProductEdit, ProductField, ProductSettingsItem } from '../../contract/backoffice';
import type { Language } from '../../contract/fields';
import { dec } from '../../domain/decimal';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { productCategories, products } from './schema';

/**
 * Staff's edits of the catalogue. Each writes its row inside the caller's transaction (beside its
 * audit row) and answers the row before and after; the caller then has the live market read the
 * catalogue again (`Market.reloadCatalogue`), so nothing waits for a restart.
 */

type ProductRow = typeof products.$inferSelect;

/** The column behind each field the call names. */
const COLUMN: Record<ProductField, keyof ProductRow> = {
  market_status: 'marketStatus',
  leverages: 'leverages',
  spread: 'spread',
  fee_rate: 'feeRate',
  min_lots: 'minCont',
  max_lots: 'maxCont',
  step: 'pip',
  units_per_lot: 'contNum',
  margin_mode: 'marginMode',
  precision: 'pricePrecision',
  category: 'categoryId',
};

export function productSettingsOf(row: ProductRow, open: boolean): ProductSettingsItem {
  return {
    id: row.id, code: row.code, show_code: row.showCode, category: row.categoryId, market_status: row.marketStatus as 0 | 1 | 2, open,
    leverages: row.leverages, spread: Number(row.spread), fee_rate: Number(row.feeRate), min_lots: Number(row.minCont), max_lots: Number(row.maxCont),
    step: Number(row.pip), units_per_lot: Number(row.contNum), margin_mode: row.marginMode, precision: row.pricePrecision,
  };
}

/** Every product (enabled or not) and category as staff edit them, in the market's order. */
export async function catalogueSettings(db: Db): Promise<{ products: ProductRow[]; categories: CategoryItem[] }> {
  const [rows, cats] = await Promise.all([
    db.select().from(products).orderBy(asc(products.sort), asc(products.id)),
    db.select().from(productCategories).orderBy(asc(productCategories.sort), asc(productCategories.id)),
  ]);
  return { products: rows, categories: cats.map((c) => ({ id: c.id, sort: c.sort, names: c.names })) };
}

/**
 * One field of one product. The row is locked first, so two edits at once (a minimum and a maximum)
 * are checked one after the other; a value that does not fit refuses before anything is written.
 */
export async function editProduct(tx: Tx, edit: ProductEdit): Promise<{ before: ProductRow; after: ProductRow }> {
  const [before] = await tx.select().from(products).where(eq(products.id, edit.id)).for('update');
  if (!before) refuse('product_unknown');
  const value = stored(edit);
  const next = { ...before!, [COLUMN[edit.field]]: value };
  if (Number(next.minCont) > Number(next.maxCont)) refuse('max_below_min');
  // A minimum off the step could never be traded: the ticket offers it and the engine refuses it.
  if (!dec(next.minCont).mod(next.pip).isZero()) refuse('min_off_step', { step: Number(next.pip) });
  // Quoted to the product's digits: a finer spread would be rounded away on every ask.
  if (edit.field === 'spread' && dec(edit.value).decimalPlaces() > next.pricePrecision) refuse('field_decimals', { field: 'value' });
  if (edit.field === 'category') {
    const [category] = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, edit.value));
    if (!category) refuse('field_invalid', { field: 'value' });
  }
  const [after] = await tx.update(products).set({ [COLUMN[edit.field]]: value }).where(eq(products.id, edit.id)).returning();
  return { before: before!, after: after! };
}

/** The value as its column holds it: decimals as text, leverages ascending. */
function stored(edit: ProductEdit): ProductRow[keyof ProductRow] {
  switch (edit.field) {
    case 'leverages': return [...edit.value].sort((a, b) => a - b);
    case 'spread': case 'fee_rate': case 'min_lots': case 'max_lots': case 'step': case 'units_per_lot': return String(edit.value);
    default: return edit.value;
  }
}

/** A category's names in every language; without an id a new category after the last one. */
export async function saveCategory(
  tx: Tx, input: { id?: number; sort?: number; names: Record<Language, string> },
): Promise<{ id: number; before: CategoryItem | null; after: CategoryItem }> {
  if (input.id === undefined) {
    const [{ next } = { next: 1 }] = await tx.select({ next: sql<number>`coalesce(max(id), 0)::int + 1` }).from(productCategories);
    const [row] = await tx.insert(productCategories).values({ id: next, sort: input.sort ?? next, names: input.names }).returning();
    return { id: row!.id, before: null, after: row! };
  }
  const [before] = await tx.select().from(productCategories).where(eq(productCategories.id, input.id)).for('update');
  if (!before) refuse('field_invalid', { field: 'id' });
  const [after] = await tx.update(productCategories).set({ names: input.names, sort: input.sort ?? before!.sort })
    .where(eq(productCategories.id, input.id)).returning();
  return { id: after!.id, before: before!, after: after! };
}
