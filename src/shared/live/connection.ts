import ReconnectingWebSocket from 'partysocket/ws';
import { fromCallback, type EventObject } from 'xstate';
import { Code } from '../../../contract/envelope';
import { sessionRefused } from '../api/client';
import { PONG, SOCKET_PATH, serverFrame } from '../../../contract/socket';
import type { ConnectionCommand, SocketEvent } from '../../../machines/shared/socket';
import { accountFeed } from './account-feed';
import { klineFeed } from './kline-feed';
import { marketStatusFeed } from './market-status';
import { quoteStore } from './quote-store';

/**
 * One connection attempt, as the socket machine's `connection` actor. partysocket carries the
 * frames; its own retries are off because the machine decides when to reconnect.
 */
export const connectionActor = (url: () => string) =>
  fromCallback<EventObject>(({ sendBack, receive }) => {
    const socket = new ReconnectingWebSocket(url, [], { maxRetries: 0, connectionTimeout: 5000, maxEnqueuedMessages: 0 });
    // Once replaced (a new token, a reconnect), this socket's late close is not the new one's.
    let replaced = false;
    const report = (event: SocketEvent) => replaced || sendBack(event);
    // The machine only needs to know that quotes still arrive: at most one report a second.
    let quoteReportedAt = -Infinity;
    const quoteArrived = () => {
      const now = performance.now();
      if (now - quoteReportedAt < 1000) return;
      quoteReportedAt = now;
      report({ type: 'SOCKET.QUOTE' });
    };
    socket.addEventListener('open', () => report({ type: 'SOCKET.OPENED' }));
    socket.addEventListener('close', () => report({ type: 'SOCKET.CLOSED' }));
    socket.addEventListener('message', (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      if (message.data === PONG) return report({ type: 'SOCKET.PONG' });
      route(message.data, report, quoteArrived);
    });
    receive((command) => {
      const c = command as ConnectionCommand;
      if (c.type === 'CONNECTION.SEND' && socket.readyState === socket.OPEN) socket.send(c.text);
    });
    return () => {
      replaced = true;
      socket.close();
    };
  });

/** Whether a login on the socket has been answered since the page loaded. */
let loginAnswered = false;

/** One frame from the server, handed to whoever holds its kind of news (exported for tests). */
export function route(text: string, report: (e: SocketEvent) => void, quoteArrived: () => void) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return;
  }
  // Spec section 8: a message with no type is warned about, then ignored like any unknown frame.
  if (!(json as { type?: unknown } | null)?.type) console.warn('socket frame without a type ignored', text.slice(0, 200));
  const parsed = serverFrame.safeParse(json);
  if (!parsed.success) return;
  const frame = parsed.data;
  switch (frame.type) {
    case 'DAY_MARKET':
      quoteArrived();
      return quoteStore.put(frame.symbol, frame.quotation);
    case 'MARKET_STATUS':
      return marketStatusFeed.changed();
    case 'KLINE':
      return klineFeed.emit(frame.symbol, frame.kline);
    case 'FOREX_TRADE':
      return accountFeed.put(frame);
    case 'FOREX_CLOSED':
      accountFeed.closed(frame.id, frame.seq);
      // Unnumbered: the close's number is counted once, above.
      if (frame.figures) accountFeed.put({ type: 'FOREX_TRADE', ...frame.figures });
      return;
    case 'BALANCE':
      return accountFeed.balance(frame);
    case 'login_result': {
      // A token ended elsewhere (logged out, a new password) ends the session here too, as a 999
      // does. The page's first answer is of the session kept from an earlier visit: as an initial
      // call's 999, it ends the session without sending a visitor on a public screen to /login.
      const initial = !loginAnswered;
      loginAnswered = true;
      if (frame.code !== Code.success) sessionRefused(frame.msg, initial);
      return report({ type: 'SOCKET.LOGIN_RESULT', ok: frame.code === Code.success });
    }
    default:
      return;
  }
}

export const socketUrl = (apiOrigin: string, lang: string) =>
  `${apiOrigin.replace(/^http/, 'ws')}${SOCKET_PATH}?lang=${encodeURIComponent(lang)}`;

