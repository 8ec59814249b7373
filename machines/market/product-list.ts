import { assign, fromPromise, setup } from 'xstate';
import type { Category, Product } from '../../contract/market';

/**
 * The quotes list of `/` and `/trade`: categories, products, the chosen chip; kept across tabs,
 * refreshed on return. Nothing is asked for until a screen that lists products wants it.
 */
export interface ProductListContext {
  categories: Category[];
  products: Product[];
  /** 0: every category. */
  categoryId: number;
  /** A refresh was asked while one ran: one more follows it (however many were asked). */
  again: boolean;
}

export type ProductListEvent =
  | { type: 'LIST.REFRESH' }
  | { type: 'CATEGORY.SELECT'; id: number };

export const ALL_CATEGORIES = 0;

/** The rows the chosen chip shows. */
export const visibleProducts = (c: ProductListContext) =>
  c.categoryId === ALL_CATEGORIES ? c.products : c.products.filter((p) => p.CategoryId === c.categoryId);

/** The product `/trade` shows: the one chosen on `/` or in the picker, else the first listed. */
export const chosenProduct = (products: readonly Product[], chosenId: number | undefined): Product | undefined =>
  products.find((p) => p.Id === chosenId) ?? products[0];

export const productListMachine = setup({
  types: { context: {} as ProductListContext, events: {} as ProductListEvent },
  actors: {
    loadList: fromPromise<{ categories: Category[]; products: Product[] }>(async () => ({ categories: [], products: [] })),
  },
  actions: {
    /** Hands the snapshot's quotations to the live quote store (provided by the app). */
    publish: (_, _params: { products: Product[] }) => {},
  },
}).createMachine({
  id: 'productList',
  context: { categories: [], products: [], categoryId: ALL_CATEGORIES, again: false },
  initial: 'idle',
  on: { 'CATEGORY.SELECT': { actions: assign({ categoryId: ({ event }) => event.id }) } },
  states: {
    idle: { on: { 'LIST.REFRESH': 'loading' } },
    loading: {
      invoke: {
        id: 'loadList',
        src: 'loadList',
        onDone: {
          target: 'ready',
          actions: [
            assign({ categories: ({ event }) => event.output.categories, products: ({ event }) => event.output.products }),
            { type: 'publish', params: ({ event }) => ({ products: event.output.products }) },
          ],
        },
        onError: 'failed',
      },
    },
    ready: {
      always: { guard: ({ context }) => context.again, target: 'refreshing' },
      on: { 'LIST.REFRESH': 'refreshing' },
    },
    /**
     * Rows stay on screen while a refresh runs. Those asked meanwhile (markets opening at one moment)
     * make one more after it: the answer under way may predate them, and one fetch answers them all.
     */
    refreshing: {
      entry: assign({ again: false }),
      on: { 'LIST.REFRESH': { actions: assign({ again: true }) } },
      invoke: {
        id: 'reloadList',
        src: 'loadList',
        onDone: {
          target: 'ready',
          actions: [
            assign({ categories: ({ event }) => event.output.categories, products: ({ event }) => event.output.products }),
            { type: 'publish', params: ({ event }) => ({ products: event.output.products }) },
          ],
        },
        onError: 'ready',
      },
    },
    failed: { on: { 'LIST.REFRESH': 'loading' } },
  },
});
