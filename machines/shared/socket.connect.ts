import type { SnapshotFrom } from 'xstate';
import type { socketMachine } from './socket';

export interface SocketView {
  isLive: boolean;
  /** Quotes on screen may be old. */
  isStale: boolean;
  /** Prices are not live after having been (the banner shows): waiting to reconnect or reconnecting. */
  isReconnecting: boolean;
}

export function connectSocket(snapshot: SnapshotFrom<typeof socketMachine>): SocketView {
  const isLive = snapshot.matches({ connected: 'live' });
  return {
    isLive,
    isStale: !isLive,
    isReconnecting: snapshot.matches('reconnecting') || (snapshot.matches('connected') && !isLive && snapshot.context.attempt > 0),
  };
}
