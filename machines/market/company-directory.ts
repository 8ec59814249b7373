import { assign, fromPromise, setup } from 'xstate';
import type { Company } from '../../contract/content';
import { SEARCH_DEBOUNCE_MS } from './product-search';

/**
 * The company directory (/product when staff set the main mode): every company at first, then
 * by name as you type; tapping one opens its detail and remembers it (spec: a cookie of 3 years).
 */
export interface CompanyDirectoryContext {
  query: string;
  results: Company[];
  open: Company | undefined;
}

export type CompanyDirectoryEvent =
  | { type: 'QUERY.CHANGE'; value: string }
  | { type: 'COMPANY.OPEN'; id: number }
  | { type: 'COMPANY.CLOSE' };

export const companyDirectoryMachine = setup({
  types: { context: {} as CompanyDirectoryContext, events: {} as CompanyDirectoryEvent },
  actors: {
    search: fromPromise<Company[], { name: string }>(async () => []),
  },
  actions: {
    /** Keeps the chosen company's id for later visits (provided by the flow). */
    remember: (_, _params: { id: number }) => {},
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    listed: ({ context, event }) => event.type === 'COMPANY.OPEN' && context.results.some((c) => c.id === event.id),
  },
}).createMachine({
  id: 'companyDirectory',
  context: { query: '', results: [], open: undefined },
  initial: 'searching',
  on: {
    'QUERY.CHANGE': { target: '.typing', reenter: true, actions: assign({ query: ({ event }) => event.value.slice(0, 64) }) },
    'COMPANY.OPEN': {
      guard: 'listed',
      actions: [
        assign({ open: ({ context, event }) => context.results.find((c) => c.id === event.id) }),
        { type: 'remember', params: ({ event }) => ({ id: event.id }) },
      ],
    },
    'COMPANY.CLOSE': { actions: assign({ open: undefined }) },
  },
  states: {
    typing: { after: { debounce: 'searching' } },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ name: context.query.trim() }),
        onDone: { target: 'done', actions: assign({ results: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    done: {},
    failed: {},
  },
});
