import { assign, fromCallback, fromPromise, not, setup } from 'xstate';

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
  /** Pages loaded since the list was last loaded from its first (0: none yet). */
  page: number;
  /** Rows in a full page, as the first page came. */
  pageSize: number;
  /**
   * Where the first row not yet shown stands in the list as the server now holds it. A row removed
   * by a push (closed by its stop, on another device) moves it up one: asking the next page by
   * number skipped the rows that slid up onto pages already loaded.
   */
  next: number;
  meta: Record<string, string | number>;
}

export type PagedEvent = { type: 'LIST.MORE' } | { type: 'LIST.REFRESH' } | { type: 'ITEM.REMOVE'; id: number };

/** Rows of a paged list carry the wire's numeric id. */
export interface Identified {
  Id: number;
}

export const isFinished = (context: PagedContext<unknown>) => context.items.length >= context.total;

/** The page that holds the first row not yet shown. */
const nextPage = (context: PagedContext<unknown>) => (context.page === 0 ? 1 : Math.floor(context.next / context.pageSize) + 1);

/** Back to page 1, also from a load under way (which the change may have missed). */
const refresh = { target: 'loading', reenter: true, actions: 'backToFirstPage' } as const;

/** The machine for items of type T (orders, account records...). */
export function pagedList<T extends Identified>() {
  return setup({
    types: { context: {} as PagedContext<T>, events: {} as PagedEvent },
    actors: {
      loadPage: fromPromise<Page<T>, { page: number }>(async () => {
        throw new Error('loadPage not provided');
      }),
      /** Tells the list its rows changed elsewhere (a push): sends LIST.REFRESH or ITEM.REMOVE. */
      changes: fromCallback<PagedEvent>(() => () => {}),
    },
    actions: {
      removeItem: assign({
        items: ({ context }, params: { id: number }) => context.items.filter((item) => item.Id !== params.id),
        total: ({ context }) => Math.max(0, context.total - 1),
        next: ({ context }) => Math.max(0, context.next - 1),
      }),
      // Page 1 replaces the list (first load and refresh); later pages append.
      addPage: assign(({ context }, params: { page: Page<T> }) => {
        const { items: rows, total } = params.page;
        const meta = params.page.meta ?? context.meta;
        if (context.page === 0) return { items: rows, total: rows.length === 0 ? 0 : total, page: 1, pageSize: rows.length, next: rows.length, meta };
        // Rows added above since the last page push older ones down a page, and a page asked again
        // after a removal holds rows already shown: each is shown once. A page shorter than the first
        // ends the list whatever the total says (a refresh shows what was added above).
        const shown = new Set(context.items.map((item) => item.Id));
        const items = [...context.items, ...rows.filter((row) => !shown.has(row.Id))];
        const next = (nextPage(context) - 1) * context.pageSize + rows.length;
        return { items, total: rows.length < context.pageSize ? items.length : total, page: context.page + 1, next, meta };
      }),
      backToFirstPage: assign({ page: 0 }),
      /** A page arrived (provided by an owner that reconciles with what the list now holds). */
      loaded: () => {},
    },
    guards: {
      finished: ({ context }) => isFinished(context),
      // An id that is not in the list removes nothing.
      holdsItem: ({ context }, params: { id: number }) => context.items.some((item) => item.Id === params.id),
    },
  }).createMachine({
    id: 'pagedList',
    context: { items: [], total: 0, page: 0, pageSize: 0, next: 0, meta: {} },
    invoke: { id: 'changes', src: 'changes' },
    initial: 'loading',
    on: {
      'ITEM.REMOVE': {
        guard: { type: 'holdsItem', params: ({ event }) => ({ id: event.id }) },
        actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) },
      },
    },
    states: {
      loading: {
        on: { 'LIST.REFRESH': refresh },
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ page: nextPage(context) }),
          onDone: { target: 'idle', actions: [{ type: 'addPage', params: ({ event }) => ({ page: event.output }) }, 'loaded'] },
          onError: 'failed',
        },
      },
      idle: {
        on: {
          'LIST.MORE': { guard: not('finished'), target: 'loading' },
          'LIST.REFRESH': refresh,
        },
      },
      failed: {
        on: { 'LIST.MORE': 'loading', 'LIST.REFRESH': refresh },
      },
    },
  });
}

export type PagedListMachine<T extends Identified> = ReturnType<typeof pagedList<T>>;
