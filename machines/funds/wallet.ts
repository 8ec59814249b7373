import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ForexDetail } from '../../contract/trading';

/** A committed change of the account's amounts, as the socket pushes it (a deposit credited, a withdrawal held or given back). */
export type BalancePushed = { type: 'BALANCE.PUSHED'; balance: ForexDetail };

export type WalletEvent = { type: 'RETRY' } | BalancePushed;

/**
 * /mine/wallet and the balance beside the withdraw form: available and frozen, read once and then
 * kept by the pushes, so a staff decision shows without a reload. A push is always the newest
 * figure (the server sends it after the commit), so it also ends a load still under way.
 */
export const walletMachine = setup({
  types: { context: {} as { balance: ForexDetail | undefined }, events: {} as WalletEvent },
  actors: {
    loadBalance: fromPromise<ForexDetail>(async () => {
      throw new Error('loadBalance not provided');
    }),
    /** Reports BALANCE.PUSHED for each push (provided by the app: the socket's account feed). */
    pushes: fromCallback<WalletEvent>(() => () => {}),
  },
  actions: { setBalance: assign({ balance: (_, p: { balance: ForexDetail }) => p.balance }) },
}).createMachine({
  id: 'wallet',
  context: { balance: undefined },
  invoke: { id: 'pushes', src: 'pushes' },
  on: {
    'BALANCE.PUSHED': { target: '.shown', actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.balance }) } },
  },
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
