import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import {
  DAY_MARKET, FOREX_CLOSED, FOREX_TRADE, PING, PONG, SOCKET_PATH, clientFrame,
  type DayMarketFrame, type KlineFrame,
} from '../../../contract/socket';
import type { Authenticate } from '../http/route';
import { languageOf, translate } from '../i18n/messages';
import type { Market } from '../../market/market';
import type { Hub } from './hub';
import { Peer } from './peer';

const ACCOUNT_TOPICS = new Set<string>([FOREX_TRADE, FOREX_CLOSED]);
const MAX_FRAME = 4096;

/**
 * `/v1/ws`: text ping/pong, login/logout/sub/unsub with their results, and the market topics.
 * A malformed frame is ignored; it never closes this or any other connection.
 */
export async function socketRoute(app: FastifyInstance, deps: { hub: Hub; market: Market; authenticate: Authenticate }) {
  const { hub, market, authenticate } = deps;
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });

  // Each market event is serialised once, whatever the number of peers.
  const unsubscribe = market.subscribe((event) => {
    if (event.type === 'quote') {
      const frame: DayMarketFrame = { type: DAY_MARKET, symbol: event.code, time: event.quote.time, quotation: { ...event.day, ask: event.quote.ask } };
      hub.publish(DAY_MARKET, event.code, JSON.stringify(frame));
    } else if (event.type === 'candle') {
      const frame: KlineFrame = { type: 'KLINE', symbol: event.code, kline: event.candle };
      hub.publish(`KLINE.${event.code}`, `${event.code}.${event.candle.Period}`, JSON.stringify(frame));
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get(SOCKET_PATH, { websocket: true }, (socket: WebSocket, request) => {
    const query = request.query as Record<string, unknown>;
    const lang = languageOf(query.lang ?? request.headers.lang);
    const peer = new Peer(socket);
    const result = (type: string, ok: boolean, msgKey: Parameters<typeof translate>[1] = ok ? 'success' : 'field_invalid') =>
      peer.reply(JSON.stringify({ type, code: ok ? 1 : 0, msg: translate(lang, msgKey, { field: 'params' }) }));

    socket.on('message', async (data, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      if (text === PING) return peer.reply(PONG);
      let parsed;
      try {
        parsed = clientFrame.safeParse(JSON.parse(text));
      } catch {
        return;
      }
      if (!parsed.success) {
        // A known command with bad params gets its refusal; anything else is ignored.
        const type = (() => { try { return (JSON.parse(text) as { type?: unknown }).type; } catch { return undefined; } })();
        if (type === 'sub' || type === 'unsub' || type === 'login') result(`${type}_result`, false);
        return;
      }
      const frame = parsed.data;
      switch (frame.type) {
        case 'login': {
          const authed = await authenticate(frame.params).catch(() => undefined);
          hub.identify(peer, authed?.userId);
          return result('login_result', authed !== undefined, authed ? 'success' : 'session_invalid');
        }
        case 'logout':
          hub.identify(peer, undefined);
          ACCOUNT_TOPICS.forEach((t) => hub.leave(peer, t));
          return;
        case 'sub': {
          if (ACCOUNT_TOPICS.has(frame.params) && peer.userId === undefined) return result('sub_result', false, 'session_invalid');
          if (frame.params.startsWith('KLINE.') && !market.productByCode(frame.params.slice(6))) return result('sub_result', false);
          hub.join(peer, frame.params);
          return result('sub_result', true);
        }
        case 'unsub':
          hub.leave(peer, frame.params);
          return result('unsub_result', true);
      }
    });
    socket.on('close', () => hub.remove(peer));
    socket.on('error', () => hub.remove(peer));
  });
}
