/** Count of calls that asked for the loading indicator; the indicator shows while it is above 0. */
type Listener = () => void;
let pending = 0;
const listeners = new Set<Listener>();

export const loading = {
  begin() {
    pending += 1;
    listeners.forEach((l) => l());
  },
  end() {
    pending = Math.max(0, pending - 1);
    listeners.forEach((l) => l());
  },
  active: () => pending > 0,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
