import type { SnapshotFrom } from 'xstate';
import { QUIET_BEATS, type socketMachine } from './socket';

export interface SocketView {
  isLive: boolean;
  /** Quotes on screen may be old. */
  isStale: boolean;
  /** Live, but the quotes stopped while some product is open. */
  isQuiet: boolean;
  /** Live, but what arrives arrives late (pings answered after PONG_LATE_MS). */
  isLagging: boolean;
  /** Prices are not live after having been (the banner shows): waiting to reconnect or reconnecting. */
  isReconnecting: boolean;
}

export function connectSocket(snapshot: SnapshotFrom<typeof socketMachine>): SocketView {
  const isLive = snapshot.matches({ connected: 'live' });
  const isQuiet = isLive && snapshot.context.quotesExpected && snapshot.context.silentBeats >= QUIET_BEATS;
  const isLagging = isLive && snapshot.context.lagging;
  return {
    isLive,
    isStale: !isLive || isQuiet || isLagging,
    isQuiet,
    isLagging,
    isReconnecting: snapshot.matches('reconnecting') || (snapshot.matches('connected') && !isLive && snapshot.context.attempt > 0),
  };
}
