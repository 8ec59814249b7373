import { FOREX_CLOSED, FOREX_TRADE, type ForexClosedFrame, type ForexTradeFrame } from '../../contract/socket';
import type { Hub } from '../platform/ws/hub';
import type { Engine } from './engine';

/** The shortest time between two FOREX_TRADE frames of one account. */
export const FOREX_TRADE_GAP_MS = 1000;

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
  // The figures last sent to each account, without their number. The quotes of a held instrument
  // tick without moving it (a replay, a quiet market): such a round changes nothing and sends nothing.
  const lastSent = new Map<number, { body: string; at: number }>();
  const sendFigures = (userId: number) => {
    // The figures are worked out only for traders who are there to see them.
    const figures = hub.isOnline(userId) ? engine.figures(userId) : undefined;
    if (!figures) return lastSent.delete(userId);
    const body = JSON.stringify(figures);
    if (lastSent.get(userId)?.body === body) return;
    lastSent.set(userId, { body, at: Date.now() });
    const frame: ForexTradeFrame = { type: FOREX_TRADE, ...figures, seq: next(userId) };
    hub.sendToUser(userId, FOREX_TRADE, JSON.stringify(frame));
  };
  // At most one frame a second per account (WIRE.md): a change sooner after the last frame waits for
  // the second to end, and then goes out with whatever else changed meanwhile.
  const waiting = new Map<number, NodeJS.Timeout>();
  const pushFigures = (userId: number) => {
    if (waiting.has(userId)) return;
    const wait = (lastSent.get(userId)?.at ?? -Infinity) + FOREX_TRADE_GAP_MS - Date.now();
    if (wait <= 0) return sendFigures(userId);
    waiting.set(userId, setTimeout(() => {
      waiting.delete(userId);
      sendFigures(userId);
    }, wait).unref());
  };
  const unsubscribe = engine.subscribe((event) => {
    switch (event.type) {
      case 'orders_closed': {
        const { userId } = event;
        // The figures go with the close at once; FOREX_TRADE still brings them in its turn, for a
        // socket subscribed to it alone.
        const figures = hub.isOnline(userId) ? engine.figures(userId) : undefined;
        const frame: ForexClosedFrame = { type: FOREX_CLOSED, id: event.ids, seq: next(userId), ...(figures && { figures }) };
        return hub.sendToUser(userId, FOREX_CLOSED, JSON.stringify(frame));
      }
      case 'account_watched': {
        // A newly signed-in socket gets the figures in the account's next turn, changed or not (it has
        // none yet): at once, unless a frame went out less than a second ago to its other sockets,
        // whom a second frame would reach too soon.
        const last = lastSent.get(event.userId);
        if (last) lastSent.set(event.userId, { body: '', at: last.at });
        return pushFigures(event.userId);
      }
      case 'accounts_changed':
        return event.userIds.forEach(pushFigures);
    }
  });
  return () => {
    unsubscribe();
    waiting.forEach(clearTimeout);
  };
}
