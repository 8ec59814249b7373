import { fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { sessionMachine } from '../../../machines/accounts/session';
import { call } from '../api/client';
import { storage } from '../storage/storage';

/** The session machine bound to the server (logout) and to storage (kept across reloads). */
export const sessionBinding = sessionMachine.provide({
  actors: {
    logoutRequest: fromPromise(async () => {
      await call(accountCalls.logout, {}, { showErrorMessage: false, initial: true });
    }),
  },
  actions: { persist: (_, params) => storage.setSession(params.session) },
});
