import { assign, fromPromise, setup } from 'xstate';
import type { WithdrawWay } from '../../contract/funds';
import type { DrawType } from './withdraw';

/** /mine/coin-address-list and /mine/bank-card-list: the bound payout methods of one type; delete after a yes. */
export interface PayoutMethodsContext {
  type: DrawType;
  ways: WithdrawWay[];
  /** The method the trader asked to delete. */
  deleteId: number | undefined;
}

export type PayoutMethodsEvent =
  | { type: 'DELETE.ASK'; id: number }
  | { type: 'DELETE.ACCEPT' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'RETRY' };

export const payoutMethodsMachine = setup({
  types: { context: {} as PayoutMethodsContext, events: {} as PayoutMethodsEvent, input: {} as { type: DrawType } },
  actors: {
    loadWays: fromPromise<WithdrawWay[], { draw_type: DrawType }>(async () => {
      throw new Error('loadWays not provided');
    }),
    unbind: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('unbind not provided');
    }),
  },
  actions: {
    setWays: assign({ ways: (_, p: { ways: WithdrawWay[] }) => p.ways }),
    askDelete: assign({ deleteId: (_, p: { id: number }) => p.id }),
    forgetDelete: assign({ deleteId: undefined }),
  },
  guards: {
    listed: ({ context }, p: { id: number }) => context.ways.some((w) => w.id === p.id),
  },
}).createMachine({
  id: 'payoutMethods',
  context: ({ input }) => ({ type: input.type, ways: [], deleteId: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWays',
        src: 'loadWays',
        input: ({ context }) => ({ draw_type: context.type }),
        onDone: { target: 'ready', actions: { type: 'setWays', params: ({ event }) => ({ ways: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        'DELETE.ASK': {
          guard: { type: 'listed', params: ({ event }) => ({ id: event.id }) },
          target: 'confirming',
          actions: { type: 'askDelete', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    confirming: { on: { 'DELETE.ACCEPT': 'deleting', 'DELETE.CANCEL': { target: 'ready', actions: 'forgetDelete' } } },
    deleting: {
      invoke: {
        id: 'unbind',
        src: 'unbind',
        input: ({ context }) => ({ id: context.deleteId! }),
        // The server's message is toasted by the flow; the list is read again.
        onDone: { target: 'loading', actions: 'forgetDelete' },
        onError: { target: 'ready', actions: 'forgetDelete' },
      },
    },
  },
});
