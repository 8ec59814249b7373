import type { SnapshotFrom } from 'xstate';
import type { productPageMachine } from './product-page';

export interface ProductPageView {
  mode: 'loading' | 'search' | 'directory';
}

export function connectProductPage(snapshot: SnapshotFrom<typeof productPageMachine>): ProductPageView {
  if (snapshot.matches('directory')) return { mode: 'directory' };
  return { mode: snapshot.matches('search') ? 'search' : 'loading' };
}
