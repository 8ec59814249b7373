import type { PauseScope } from '../../../contract/account';
import { listeners } from '../flow/listeners';

/** What staff paused (trading, deposits, withdrawals), each with the message traders see. */
export type Pauses = Partial<Record<PauseScope, string>>;

let pauses: Pauses = {};
const { subscribe, tell } = listeners();

/** Filled from the company status at start (boot.ts); the screens of a paused scope show a banner. */
export const pauseStore = {
  set(next: Pauses) {
    pauses = next;
    tell();
  },
  get: () => pauses,
  subscribe,
};
