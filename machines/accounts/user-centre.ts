import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../../contract/account';

/** The user centre: loads the account with its balance; the balance can be hidden. */
export const userCentreMachine = setup({
  types: {
    context: {} as { user: User | undefined; startHidden: boolean },
    events: {} as { type: 'BALANCE.TOGGLE' } | { type: 'USER.REFRESH' },
    input: {} as { hidden?: boolean },
  },
  actors: {
    loadUser: fromPromise<User>(async () => {
      throw new Error('loadUser not provided');
    }),
  },
  actions: { rememberHidden: (_, _params: { hidden: boolean }) => {} },
  guards: { startsHidden: ({ context }) => context.startHidden },
}).createMachine({
  id: 'userCentre',
  context: ({ input }) => ({ user: undefined, startHidden: input.hidden ?? false }),
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
        ready: { on: { 'USER.REFRESH': 'loading' } },
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
