import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { User } from '../../contract/account';

/** A committed change of the account's amounts, as the socket pushes it (a deposit credited, say). */
export type UserBalancePushed = { type: 'BALANCE.PUSHED' } & Pick<User, 'balance' | 'lock_balance'>;
export type UserCentreEvent = { type: 'BALANCE.TOGGLE' } | { type: 'USER.REFRESH' } | UserBalancePushed;

/**
 * The user centre: loads the account with its balance, then keeps the balance by the pushes, so a
 * staff decision shows as on the wallet and withdraw screens; the balance can be hidden.
 */
export const userCentreMachine = setup({
  types: {
    context: {} as { user: User | undefined; startHidden: boolean },
    events: {} as UserCentreEvent,
    input: {} as { hidden?: boolean },
  },
  actors: {
    loadUser: fromPromise<User>(async () => {
      throw new Error('loadUser not provided');
    }),
    /** Reports BALANCE.PUSHED for each push (provided by the app: the socket's account feed). */
    pushes: fromCallback<UserCentreEvent>(() => () => {}),
  },
  actions: { rememberHidden: (_, _params: { hidden: boolean }) => {} },
  guards: { startsHidden: ({ context }) => context.startHidden },
}).createMachine({
  id: 'userCentre',
  context: ({ input }) => ({ user: undefined, startHidden: input.hidden ?? false }),
  invoke: { id: 'pushes', src: 'pushes' },
  type: 'parallel',
  states: {
    account: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {
          on: {
            'USER.REFRESH': 'loading',
            'BALANCE.PUSHED': {
              actions: assign({ user: ({ context, event }) => context.user && { ...context.user, balance: event.balance, lock_balance: event.lock_balance } }),
            },
          },
        },
        failed: { on: { 'USER.REFRESH': 'loading' } },
      },
    },
    balance: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'startsHidden', target: 'hidden' }, { target: 'shown' }] },
        shown: { on: { 'BALANCE.TOGGLE': { target: 'hidden', actions: { type: 'rememberHidden', params: { hidden: true } } } } },
        hidden: { on: { 'BALANCE.TOGGLE': { target: 'shown', actions: { type: 'rememberHidden', params: { hidden: false } } } } },
      },
    },
  },
});
