import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/accounts/session';
import { accountFeed } from '../live/account-feed';
import { storage } from '../storage/storage';

/** The session machine bound to the server (logout) and to storage (kept across reloads). */
export const sessionBinding = sessionMachine.provide({
  actors: {
    logoutRequest: fromPromise(async () => (await import('./logout-request')).requestLogout()),
  },
  actions: {
    persist: (_, params) => {
      storage.setSession(params.session);
      accountFeed.put(undefined);
    },
  },
});
