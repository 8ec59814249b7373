import { FOREX_CLOSED, FOREX_TRADE, type ForexClosedFrame, type ForexTradeFrame } from '../../contract/socket';
import type { Hub } from '../platform/ws/hub';
import type { Engine } from './engine';

/** Turns the engine's events into the account frames of the socket (`FOREX_TRADE`, `FOREX_CLOSED`). */
export function tradingPushes(engine: Engine, hub: Hub): () => void {
  // Numbered per account from 1 by this engine: a client that sees any other step (a frame lost on
  // the way, or a new engine after a takeover) refetches its orders.
  const sequences = new Map<number, number>();
  const next = (userId: number) => {
    const seq = (sequences.get(userId) ?? 0) + 1;
    sequences.set(userId, seq);
    return seq;
  };
  return engine.subscribe((event) => {
    if (event.type === 'orders_closed') {
      const frame: ForexClosedFrame = { type: FOREX_CLOSED, id: event.ids, seq: next(event.userId) };
      hub.sendToUser(event.userId, FOREX_CLOSED, JSON.stringify(frame));
      return;
    }
    for (const userId of event.userIds) {
      // The figures are worked out only for traders who are there to see them.
      const figures = hub.isOnline(userId) ? engine.figures(userId) : undefined;
      if (!figures) continue;
      const frame: ForexTradeFrame = { type: FOREX_TRADE, ...figures, seq: next(userId) };
      hub.sendToUser(userId, FOREX_TRADE, JSON.stringify(frame));
    }
  });
}
