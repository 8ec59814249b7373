import { FOREX_CLOSED, FOREX_TRADE, type ForexClosedFrame, type ForexTradeFrame } from '../../contract/socket';
import type { Hub } from '../platform/ws/hub';
import type { Engine } from './engine';

/** Turns the engine's events into the account frames of the socket (`FOREX_TRADE`, `FOREX_CLOSED`). */
export function tradingPushes(engine: Engine, hub: Hub): () => void {
  return engine.subscribe((event) => {
    if (event.type === 'orders_closed') {
      const frame: ForexClosedFrame = { type: FOREX_CLOSED, id: event.ids };
      hub.sendToUser(event.userId, FOREX_CLOSED, JSON.stringify(frame));
      return;
    }
    for (const userId of event.userIds) {
      // The figures are worked out only for traders who are there to see them.
      const figures = hub.isOnline(userId) ? engine.figures(userId) : undefined;
      if (!figures) continue;
      const frame: ForexTradeFrame = { type: FOREX_TRADE, ...figures };
      hub.sendToUser(userId, FOREX_TRADE, JSON.stringify(frame));
    }
  });
}
