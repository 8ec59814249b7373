import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod/mini';
import type { backofficeSiteCalls } from '../../contract/backoffice';
import { refusalMessage, type Notice } from './refusal';

/** A trader by id, uid or email, with who invited them: staff see the referrer of each trader. */
export type TraderFound = z.output<typeof backofficeSiteCalls.trader.response>;

export interface TraderLookupContext {
  query: string;
  found: TraderFound | undefined;
  problem: 'query' | undefined;
  notice: Notice | undefined;
}

export type TraderLookupEvent = { type: 'LOOKUP.QUERY'; value: string } | { type: 'LOOKUP.SEARCH' };

export const traderLookupMachine = setup({
  types: { context: {} as TraderLookupContext, events: {} as TraderLookupEvent },
  actors: {
    find: fromPromise<TraderFound, { q: string }>(async () => {
      throw new Error('find not provided');
    }),
  },
  guards: { empty: ({ context }) => context.query.trim() === '' },
}).createMachine({
  id: 'traderLookup',
  context: { query: '', found: undefined, problem: undefined, notice: undefined },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'LOOKUP.QUERY': { actions: assign({ query: ({ event }) => event.value, problem: undefined }) },
        'LOOKUP.SEARCH': [
          { guard: 'empty', actions: assign({ problem: 'query' as const }) },
          { target: 'searching' },
        ],
      },
    },
    searching: {
      entry: assign({ notice: undefined }),
      invoke: {
        id: 'find',
        src: 'find',
        input: ({ context }) => ({ q: context.query.trim() }),
        onDone: { target: 'idle', actions: assign({ found: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ found: undefined, notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }) }) },
      },
    },
  },
});
