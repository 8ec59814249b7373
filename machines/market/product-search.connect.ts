import type { SnapshotFrom } from 'xstate';
import type { Product } from '../../contract/market';
import type { productSearchMachine } from './product-search';

export interface ProductSearchView {
  query: string;
  results: Product[];
  /** The search answered nothing. */
  isEmpty: boolean;
  isFailed: boolean;
}

export function connectProductSearch(snapshot: SnapshotFrom<typeof productSearchMachine>): ProductSearchView {
  const { query, results } = snapshot.context;
  return { query, results, isEmpty: snapshot.matches('done') && results.length === 0, isFailed: snapshot.matches('failed') };
}
