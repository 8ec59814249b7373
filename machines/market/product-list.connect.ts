import type { SnapshotFrom } from 'xstate';
import { isMarketOpen, type Category, type Product } from '../../contract/market';
import { productListMachine, visibleProducts } from './product-list';

export interface ProductListView {
  /** Rows stay on screen while a refresh runs; a list not asked for yet shows as loading. */
  phase: 'loading' | 'failed' | 'ready';
  categories: Category[];
  categoryId: number;
  /** Every product, whatever chip is chosen. */
  products: Product[];
  /** The rows the chosen chip shows. */
  visible: Product[];
}

export function connectProductList(snapshot: SnapshotFrom<typeof productListMachine>): ProductListView {
  const c = snapshot.context;
  return {
    phase: snapshot.matches('idle') || snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    categories: c.categories,
    categoryId: c.categoryId,
    products: c.products,
    visible: visibleProducts(c),
  };
}

/** What one quotes row shows: the bid, the ask and the day's change. */
export interface QuoteRowView {
  closed: boolean;
  bid: number;
  /** From the newest tick, else the list's; undefined only when neither has one. */
  ask: number | undefined;
  change: number;
  rising: boolean;
}

export function connectQuoteRow(product: Product, live: { close: number; change: number; ask?: number | undefined } | undefined): QuoteRowView {
  const change = live?.change ?? product.ForexQuotations.Change;
  return {
    closed: !isMarketOpen(product),
    bid: live?.close ?? product.ForexQuotations.Close,
    ask: live?.ask ?? product.ForexQuotations.Ask,
    change,
    rising: change >= 0,
  };
}
