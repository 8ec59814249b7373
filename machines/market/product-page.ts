import { fromPromise, setup } from 'xstate';

/** /product is the product search, or the company directory when staff set the main mode (spec). */
export const productPageMachine = setup({
  actors: {
    loadMainMode: fromPromise<number>(async () => 0),
  },
  guards: {
    directory: (_, params: { mode: number }) => params.mode === 1,
  },
}).createMachine({
  id: 'productPage',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMainMode',
        src: 'loadMainMode',
        onDone: [
          { guard: { type: 'directory', params: ({ event }) => ({ mode: event.output }) }, target: 'directory' },
          { target: 'search' },
        ],
        // Unknown: the product search, which needs nothing more.
        onError: 'search',
      },
    },
    search: {},
    directory: {},
  },
});
