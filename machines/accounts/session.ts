import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { Session } from '../../contract/session';

/**
 * Who is signed in. `real` and `demo` differ only by the account flag; a 999 answer from any call
 * ends the session and remembers where the user was, so login can bring them back.
 */
export interface SessionContext {
  session: Session | undefined;
  /** Path to return to after the next login (set when the session expired). */
  returnTo: string | undefined;
}

export type SessionEvent =
  | { type: 'SESSION.START'; session: Session }
  | { type: 'SESSION.LOGOUT' }
  | { type: 'SESSION.EXPIRE'; from: string; initial?: boolean | undefined }
  | { type: 'SESSION.RETURNED' }
  /** The session was ended in another tab of this browser (its logout cleared the stored one). */
  | { type: 'SESSION.ENDED' };

/** `initial`: found ended as the app started, before anything was asked of it. */
export type SessionEmitted = { type: 'expired'; from: string; initial: boolean } | { type: 'loggedOut' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { session?: Session },
    emitted: {} as SessionEmitted,
  },
  actors: {
    /** Tells the server to end the token; the client forgets it whatever the answer. */
    logoutRequest: fromPromise<void>(async () => {}),
    /** Reports SESSION.ENDED when another tab ends the session (provided by the app: storage events). */
    otherTabs: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    /** Keeps the session across reloads (provided by the app: storage). */
    persist: (_, _params: { session: Session | undefined }) => {},
    remember: assign({ session: (_, params: { session: Session }) => params.session }),
    forget: assign({ session: undefined }),
  },
  guards: {
    isDemo: ({ context }) => context.session?.is_demo === 1,
    isReal: ({ context }) => context.session !== undefined && context.session.is_demo !== 1,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.session, returnTo: undefined }),
  initial: 'restoring',
  invoke: { id: 'otherTabs', src: 'otherTabs' },
  states: {
    restoring: {
      always: [
        { guard: 'isDemo', target: 'signedIn.demo' },
        { guard: 'isReal', target: 'signedIn.real' },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      initial: 'here',
      states: {
        here: {},
        // Ended by another tab: this one followed quietly, but a call it still makes that needs the
        // session is answered 999, and goes to the login screen as any 999 (spec), back here after.
        // After a logout in this tab, a late 999 of a call in flight does not.
        elsewhere: {
          on: {
            'SESSION.EXPIRE': {
              guard: ({ event }) => !event.initial,
              target: 'here',
              actions: [
                assign({ returnTo: ({ event }) => event.from }),
                emit(({ event }) => ({ type: 'expired' as const, from: event.from, initial: false })),
              ],
            },
          },
        },
      },
      on: {
        'SESSION.START': {
          target: 'restoring',
          actions: [
            { type: 'remember', params: ({ event }) => ({ session: event.session }) },
            { type: 'persist', params: ({ event }) => ({ session: event.session }) },
          ],
        },
        'SESSION.RETURNED': { actions: assign({ returnTo: undefined }) },
      },
    },
    signedIn: {
      initial: 'real',
      states: { real: {}, demo: {} },
      on: {
        'SESSION.START': {
          target: 'restoring',
          actions: [
            { type: 'remember', params: ({ event }) => ({ session: event.session }) },
            { type: 'persist', params: ({ event }) => ({ session: event.session }) },
          ],
        },
        'SESSION.LOGOUT': 'loggingOut',
        // Logged out already, on the server and in storage: this tab follows quietly. A screen that
        // needs login sends the visitor there; a public one (quotes, the chart) stays.
        'SESSION.ENDED': { target: 'loggedOut.elsewhere', actions: 'forget' },
        'SESSION.EXPIRE': {
          target: 'loggedOut',
          actions: [
            'forget',
            { type: 'persist', params: { session: undefined } },
            assign({ returnTo: ({ event }) => event.from }),
            emit(({ event }) => ({ type: 'expired' as const, from: event.from, initial: event.initial ?? false })),
          ],
        },
      },
    },
    loggingOut: {
      // Out of storage first, so that other tabs follow before the server ends the token under them
      // (they would take its refusal for an expired session); the request still carries it.
      entry: { type: 'persist', params: { session: undefined } },
      invoke: {
        id: 'logoutRequest',
        src: 'logoutRequest',
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
      exit: ['forget', emit({ type: 'loggedOut' as const })],
    },
  },
});
