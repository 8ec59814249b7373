import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { FOREX_CLOSED, FOREX_TRADE, PING, PONG, SOCKET_PATH, clientFrame } from '../../../contract/socket';
import type { Authenticate } from '../http/route';
import { languageOf, translate } from '../i18n/messages';
import type { Hub } from './hub';
import { Peer } from './peer';

const ACCOUNT_TOPICS = new Set<string>([FOREX_TRADE, FOREX_CLOSED]);
const MAX_FRAME = 4096;

export interface SocketDeps {
  hub: Hub;
  authenticate: Authenticate;
  /** Whether a topic of the right shape names something that exists (a `KLINE.` of a known product). */
  topicExists: (topic: string) => boolean;
}

/**
 * `/v1/ws`: text ping/pong, login/logout/sub/unsub with their results; the features publish their
 * frames through the hub. A malformed frame is ignored; it never closes this or any other connection.
 */
export async function socketRoute(app: FastifyInstance, { hub, authenticate, topicExists }: SocketDeps) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });

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
          if (!topicExists(frame.params)) return result('sub_result', false);
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
