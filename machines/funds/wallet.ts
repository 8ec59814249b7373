import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { ForexDetail } from '../../contract/trading';

/** A committed change of the account's amounts, as the socket pushes it (a deposit credited, a withdrawal held or given back). */
export type BalanceChanged = { type: 'BALANCE.CHANGED' };

export type WalletEvent = { type: 'RETRY' } | BalanceChanged;

/**
 * /mine/wallet and the balance beside the withdraw form: available and frozen (withdrawals held
 * and margin in use, as `forexDetail` sums them), read once and again after each push, so a staff
 * decision shows without a reload. A push's own frozen figure holds the withdrawals alone, so the
 * sum is read rather than taken from it. The figures shown stay while the new ones load; a push
 * during a load starts it again, so the last read follows the last commit.
 */
export const walletMachine = setup({
  types: { context: {} as { balance: ForexDetail | undefined }, events: {} as WalletEvent },
  actors: {
    loadBalance: fromPromise<ForexDetail>(async () => {
      throw new Error('loadBalance not provided');
    }),
    /** Reports BALANCE.CHANGED for each push (provided by the app: the socket's account feed). */
    pushes: fromCallback<WalletEvent>(() => () => {}),
  },
  actions: { setBalance: assign({ balance: (_, p: { balance: ForexDetail }) => p.balance }) },
}).createMachine({
  id: 'wallet',
  context: { balance: undefined },
  invoke: { id: 'pushes', src: 'pushes' },
  initial: 'loading',
  states: {
    loading: {
      on: { 'BALANCE.CHANGED': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        onDone: { target: 'shown', actions: { type: 'setBalance', params: ({ event }) => ({ balance: event.output }) } },
        // A read after a push that fails keeps the figures already shown.
        onError: [{ guard: ({ context }) => context.balance !== undefined, target: 'shown' }, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading', 'BALANCE.CHANGED': 'loading' } },
    shown: { on: { RETRY: 'loading', 'BALANCE.CHANGED': 'loading' } },
  },
});
