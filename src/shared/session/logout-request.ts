import { accountCalls } from '../../../contract/account';
import { call } from '../api/client';

/** Tells the server to end the token: loaded on the first logout, so the first paint does without the account calls. */
export async function requestLogout(): Promise<void> {
  await call(accountCalls.logout, {}, { showErrorMessage: false, initial: true });
}
