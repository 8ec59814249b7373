import { assign, fromPromise, setup } from 'xstate';
import type { StaffView } from '../../contract/backoffice';

/**
 * The staff member signed in to the back-office. A kept token is checked with the server first; a
 * 999 answer from any call ends the session (SESSION.EXPIRE), logout ends it on the server too.
 */
export interface StaffSessionContext {
  token: string | undefined;
  staff: StaffView | undefined;
  /** Why the login screen shows: the session expired, or the staff member logged out. */
  ended: 'expired' | 'loggedOut' | undefined;
}

export type StaffSessionEvent =
  | { type: 'SESSION.START'; token: string; staff: StaffView }
  | { type: 'SESSION.LOGOUT' }
  | { type: 'SESSION.EXPIRE' };

export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    input: {} as { token?: string },
  },
  actors: {
    /** Who the kept token belongs to (`auth/me`); refused when it is no longer valid. */
    whoAmI: fromPromise<StaffView, { token: string }>(async () => {
      throw new Error('whoAmI not provided');
    }),
    /** Ends the token on the server; the client forgets it whatever the answer. */
    logoutRequest: fromPromise<void>(async () => {}),
  },
  actions: {
    /** Keeps the token for this tab (provided by the app: session storage). */
    persist: (_, _params: { token: string | undefined }) => {},
    forget: assign({ token: undefined, staff: undefined }),
  },
  guards: { hasToken: ({ context }) => context.token !== undefined },
}).createMachine({
  id: 'staffSession',
  context: ({ input }) => ({ token: input.token, staff: undefined, ended: undefined }),
  initial: 'restoring',
  states: {
    restoring: { always: [{ guard: 'hasToken', target: 'checking' }, { target: 'loggedOut' }] },
    checking: {
      invoke: {
        id: 'whoAmI',
        src: 'whoAmI',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'signedIn', actions: assign({ staff: ({ event }) => event.output }) },
        onError: { target: 'loggedOut', actions: ['forget', { type: 'persist', params: { token: undefined } }] },
      },
    },
    loggedOut: {
      on: {
        'SESSION.START': {
          target: 'signedIn',
          actions: [
            assign({ token: ({ event }) => event.token, staff: ({ event }) => event.staff, ended: undefined }),
            { type: 'persist', params: ({ event }) => ({ token: event.token }) },
          ],
        },
      },
    },
    signedIn: {
      on: {
        'SESSION.LOGOUT': 'loggingOut',
        'SESSION.EXPIRE': {
          target: 'loggedOut',
          actions: ['forget', { type: 'persist', params: { token: undefined } }, assign({ ended: 'expired' })],
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logoutRequest',
        src: 'logoutRequest',
        onDone: { target: 'loggedOut', actions: ['forget', { type: 'persist', params: { token: undefined } }, assign({ ended: 'loggedOut' })] },
        onError: { target: 'loggedOut', actions: ['forget', { type: 'persist', params: { token: undefined } }, assign({ ended: 'loggedOut' })] },
      },
    },
  },
});
