import { assign, fromPromise, setup } from 'xstate';
import type { NewsDetail } from '../../contract/content';

/**
 * /news/detail?id=: loads the item, then cleans its HTML once more in the browser before it is
 * shown (the server cleaned it on save; this guards against anything that slipped past).
 */
export const newsDetailMachine = setup({
  types: {
    context: {} as { id: number; news: NewsDetail | undefined; html: string },
    input: {} as { id: number | undefined },
    events: {} as { type: 'RETRY' },
  },
  actors: {
    loadNews: fromPromise<NewsDetail, { id: number }>(async () => {
      throw new Error('loadNews not provided');
    }),
    cleanHtml: fromPromise<string, { html: string }>(async () => {
      throw new Error('cleanHtml not provided');
    }),
  },
  guards: {
    hasId: ({ context }) => Number.isInteger(context.id) && context.id > 0,
    /** The server answered that there is no such item (code 0), which no retry changes; a lost connection is not that. */
    refusedByServer: ({ event }) => (event as { error?: { code?: unknown } }).error?.code === 0,
  },
}).createMachine({
  id: 'newsDetail',
  context: ({ input }) => ({ id: input.id ?? 0, news: undefined, html: '' }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'missing' }] },
    loading: {
      invoke: {
        id: 'loadNews',
        src: 'loadNews',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'cleaning', actions: assign({ news: ({ event }) => event.output }) },
        onError: [{ guard: 'refusedByServer', target: 'missing' }, { target: 'failed' }],
      },
    },
    cleaning: {
      invoke: {
        id: 'cleanHtml',
        src: 'cleanHtml',
        input: ({ context }) => ({ html: context.news?.content ?? '' }),
        onDone: { target: 'shown', actions: assign({ html: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    shown: {},
    failed: { on: { RETRY: 'loading' } },
    /** No id in the address, or none such on the server: nothing to load. */
    missing: {},
  },
});
