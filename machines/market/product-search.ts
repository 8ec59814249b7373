import { assign, fromPromise, setup } from 'xstate';
import type { Product } from '../../contract/market';

/** Search by code as you type: waits for a pause in typing, then asks; a newer query wins. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ProductSearchContext {
  query: string;
  results: Product[];
}

export type ProductSearchEvent = { type: 'QUERY.CHANGE'; value: string };

export const productSearchMachine = setup({
  types: { context: {} as ProductSearchContext, events: {} as ProductSearchEvent },
  actors: {
    search: fromPromise<Product[], { query: string }>(async () => []),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: { blank: ({ context }) => context.query.trim() === '' },
}).createMachine({
  id: 'productSearch',
  context: { query: '', results: [] },
  initial: 'idle',
  on: {
    'QUERY.CHANGE': { target: '.typing', reenter: true, actions: assign({ query: ({ event }) => event.value.slice(0, 32) }) },
  },
  states: {
    idle: {},
    typing: {
      after: {
        debounce: [
          { guard: 'blank', target: 'idle', actions: assign({ results: [] }) },
          { target: 'searching' },
        ],
      },
    },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: { target: 'done', actions: assign({ results: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    done: {},
    failed: {},
  },
});
