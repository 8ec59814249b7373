import type { BalanceFrame, ForexTradeFrame } from '../../../contract/socket';

type Listener = () => void;
/** `seq`: the push's number, counted together with the FOREX_TRADE ones (absent from an unnumbered push). */
type ClosedListener = (ids: number[], seq: number | undefined) => void;
type BalanceListener = (frame: BalanceFrame) => void;

/**
 * The signed-in account as the socket pushes it: the latest FOREX_TRADE snapshot (read with
 * useSyncExternalStore), the ids of orders that left the holding list, and each BALANCE push
 * (available and frozen after a committed change: a deposit credited, a withdrawal held or refunded).
 */
let snapshot: ForexTradeFrame | undefined;
const listeners = new Set<Listener>();
const closedListeners = new Set<ClosedListener>();
const balanceListeners = new Set<BalanceListener>();

// Each push goes to the listeners there when it came: one that subscribes again while it is told
// (an actor started anew by the push) would otherwise be told again, without end.
const tell = <L>(set: Set<L>, each: (l: L) => void) => [...set].forEach(each);

export const accountFeed = {
  get: () => snapshot,
  /** The latest push; undefined once signed in or out, when the last account's pushes describe nobody. */
  put(frame: ForexTradeFrame | undefined) {
    snapshot = frame;
    tell(listeners, (l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  closed(ids: number[], seq?: number) {
    tell(closedListeners, (l) => l(ids, seq));
  },
  onClosed(listener: ClosedListener) {
    closedListeners.add(listener);
    return () => void closedListeners.delete(listener);
  },
  balance(frame: BalanceFrame) {
    tell(balanceListeners, (l) => l(frame));
  },
  onBalance(listener: BalanceListener) {
    balanceListeners.add(listener);
    return () => void balanceListeners.delete(listener);
  },
};
