import { assign, fromPromise, setup } from 'xstate';

/**
 * A list loaded page by page: more pages on demand until loaded >= total, refresh back to page 1,
 * and items removed by id when a push says they left the list.
 */
export interface Page<T> {
  items: T[];
  total: number;
  /** Figures that come with every page (a balance, a sum), newest wins. */
  meta?: Record<string, string | number>;
}

export interface PagedContext<T> {
  items: T[];
  total: number;
  page: number;
  meta: Record<string, string | number>;
}

export type PagedEvent = { type: 'LIST.MORE' } | { type: 'LIST.REFRESH' } | { type: 'ITEM.REMOVE'; id: number };

export const isFinished = (context: PagedContext<unknown>) => context.items.length >= context.total;

export const pagedListMachine = setup({
  types: { context: {} as PagedContext<{ Id: number }>, events: {} as PagedEvent },
  actors: {
    loadPage: fromPromise<Page<{ Id: number }>, { page: number }>(async () => {
      throw new Error('loadPage not provided');
    }),
  },
  guards: { finished: ({ context }) => isFinished(context) },
}).createMachine({
  id: 'pagedList',
  context: { items: [], total: 0, page: 0, meta: {} },
  initial: 'loading',
  on: {
    'ITEM.REMOVE': {
      // An id that is not in the list removes nothing.
      guard: ({ context, event }) => context.items.some((item) => item.Id === event.id),
      actions: assign({
        items: ({ context, event }) => context.items.filter((item) => item.Id !== event.id),
        total: ({ context }) => Math.max(0, context.total - 1),
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page + 1 }),
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => ({
            // Page 1 replaces the list (first load and refresh); later pages append.
            items: context.page === 0 ? event.output.items : [...context.items, ...event.output.items],
            total: event.output.total,
            page: context.page + 1,
            meta: event.output.meta ?? context.meta,
          })),
        },
        onError: 'failed',
      },
    },
    idle: {
      on: {
        'LIST.MORE': { guard: ({ context }) => !isFinished(context), target: 'loading' },
        'LIST.REFRESH': { target: 'loading', actions: assign({ page: 0 }) },
      },
    },
    failed: {
      on: { 'LIST.MORE': 'loading', 'LIST.REFRESH': { target: 'loading', actions: assign({ page: 0 }) } },
    },
  },
});
