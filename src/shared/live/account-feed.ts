import type { ForexTradeFrame } from '../../../contract/socket';

type Listener = () => void;
type ClosedListener = (ids: number[]) => void;

/**
 * The signed-in account as the socket pushes it: the latest FOREX_TRADE snapshot (read with
 * useSyncExternalStore) and the ids of orders that left the holding list.
 */
let snapshot: ForexTradeFrame | undefined;
const listeners = new Set<Listener>();
const closedListeners = new Set<ClosedListener>();

export const accountFeed = {
  get: () => snapshot,
  put(frame: ForexTradeFrame) {
    snapshot = frame;
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  closed(ids: number[]) {
    closedListeners.forEach((l) => l(ids));
  },
  onClosed(listener: ClosedListener) {
    closedListeners.add(listener);
    return () => void closedListeners.delete(listener);
  },
};
