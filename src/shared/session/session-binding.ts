import { fromCallback, fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/accounts/session';
import { accountFeed } from '../live/account-feed';
import { SESSION_KEY, storage } from '../storage/storage';

/** The session machine bound to the server (logout) and to storage (kept across reloads). */
export const sessionBinding = sessionMachine.provide({
  actors: {
    logoutRequest: fromPromise(async () => (await import('./logout-request')).requestLogout()),
    otherTabs: fromCallback(({ sendBack }) => {
      const changed = (event: StorageEvent) => {
        if (event.key === SESSION_KEY && event.newValue === null) sendBack({ type: 'SESSION.ENDED' });
      };
      addEventListener('storage', changed);
      return () => removeEventListener('storage', changed);
    }),
  },
  actions: {
    persist: (_, params) => {
      storage.setSession(params.session);
      accountFeed.put(undefined);
    },
  },
});
