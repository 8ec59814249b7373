import { listeners } from '../flow/listeners';

/** Count of calls that asked for the loading indicator; the indicator shows while it is above 0. */
let pending = 0;
const { subscribe, tell } = listeners();

export const loading = {
  begin() {
    pending += 1;
    tell();
  },
  end() {
    pending = Math.max(0, pending - 1);
    tell();
  },
  active: () => pending > 0,
  subscribe,
};
