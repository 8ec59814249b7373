import { assign, fromPromise, setup } from 'xstate';
import type { ForexDetail } from '../../contract/trading';

/** /mine/wallet: the balance, available and frozen. */
export const walletMachine = setup({
  types: { context: {} as { balance: ForexDetail | undefined }, events: {} as { type: 'RETRY' } },
  actors: {
    loadBalance: fromPromise<ForexDetail>(async () => {
      throw new Error('loadBalance not provided');
    }),
  },
  actions: { setBalance: assign({ balance: (_, p: { balance: ForexDetail }) => p.balance }) },
}).createMachine({
  id: 'wallet',
  context: { balance: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        onDone: { target: 'shown', actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    shown: { on: { RETRY: 'loading' } },
  },
});
