import type { PauseScope } from '../../../contract/account';

/** What staff paused (trading, deposits, withdrawals), each with the message traders see. */
export type Pauses = Partial<Record<PauseScope, string>>;

type Listener = () => void;
let pauses: Pauses = {};
const listeners = new Set<Listener>();

/** Filled from the company status at start (boot.ts); the screens of a paused scope show a banner. */
export const pauseStore = {
  set(next: Pauses) {
    pauses = next;
    listeners.forEach((l) => l());
  },
  get: () => pauses,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
