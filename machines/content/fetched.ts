import { assign, fromPromise, setup } from 'xstate';

/** A screen that shows one thing from the server: loading, shown, or failed with a retry. */
export function fetched<T>(id: string) {
  return setup({
    types: { context: {} as { data: T | undefined }, events: {} as { type: 'RETRY' } },
    actors: {
      load: fromPromise<T>(async () => {
        throw new Error('load not provided');
      }),
    },
    actions: { keep: assign({ data: (_, params: { data: T }) => params.data }) },
  }).createMachine({
    id,
    context: { data: undefined },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'shown', actions: { type: 'keep', params: ({ event }) => ({ data: event.output }) } },
          onError: 'failed',
        },
      },
      shown: { on: { RETRY: 'loading' } },
      failed: { on: { RETRY: 'loading' } },
    },
  });
}

export type FetchedMachine<T> = ReturnType<typeof fetched<T>>;
