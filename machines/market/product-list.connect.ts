import type { SnapshotFrom } from 'xstate';
import type { Category, Product } from '../../contract/market';
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
