import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { BALANCE, FOREX_CLOSED, FOREX_TRADE, PING, PONG, SOCKET_PATH, clientFrame } from '../../../contract/socket';
import { Code } from '../../../contract/envelope';
import type { Limiter } from '../auth/limiter';
import { hashToken, sentToken } from '../auth/tokens';
import { endWithEnvelope } from '../http/errors';
import { envelopeOf } from '../http/route';
import type { Authenticate } from '../http/route';
import { fieldLabel, languageOf, translate } from '../i18n/messages';
import { FrameBudget } from './frame-budget';
import type { Hub } from './hub';
import { Peer } from './peer';

const ACCOUNT_TOPICS = new Set<string>([FOREX_TRADE, FOREX_CLOSED, BALANCE]);
const MAX_FRAME = 4096;
/**
 * Per socket: a client sends a ping every few seconds and a handful of subs on each screen, so 60
 * frames at once and 20 a second is far above its need; logins, each a store lookup, 5 at once and
 * one every 12 seconds. A socket past either budget is closed (1008, policy violation).
 */
const FRAMES = { burst: 60, perSecond: 20 };
const LOGINS = { burst: 5, perSecond: 1 / 12 };
const POLICY_VIOLATION = 1008;
const GOING_AWAY = 1001;

export interface SocketDeps {
  hub: Hub;
  authenticate: Authenticate;
  /** Whether a topic of the right shape names something that exists (a `KLINE.` of a known product). */
  topicExists: (topic: string) => boolean;
  /** A logged-in socket subscribed to its account's pushes: the first should not wait for a change. */
  accountWatched: (userId: number) => void;
  /** Open sockets one address may hold; one more is closed at once (1008). */
  socketsPerAddress: number;
  /** Refused socket logins by address: past it, a login's socket is closed without a look-up. */
  failedLogins: Limiter;
}

/**
 * A frame as a client reading the spec may write it ("login (token)", "sub (topic)"): `token` or
 * `topic` where WIRE.md says `params`, and a token after `Bearer ` as on HTTP, read as meant.
 */
function asMeant(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const frame = value as Record<string, unknown>;
  const alias = frame.type === 'login' ? frame.token : frame.type === 'sub' || frame.type === 'unsub' ? frame.topic : undefined;
  const params = frame.params ?? alias;
  return { type: frame.type, params: frame.type === 'login' && typeof params === 'string' ? sentToken(params) : params };
}

/**
 * `/v1/ws`: text ping/pong, login/logout/sub/unsub with their results; the features publish their
 * frames through the hub. A malformed frame is ignored; only a socket past its own frame or login
 * budget is closed, and a revoked session's sockets (`Hub.endSessions`).
 */
export async function socketRoute(app: FastifyInstance, { hub, authenticate, topicExists, accountWatched, socketsPerAddress, failedLogins }: SocketDeps) {
  // A planned stop tells each client to go elsewhere (going away), which connects again, to another
  // node behind a balancer; before the websocket library's own close, which gives no reason.
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer.clients) client.close(GOING_AWAY, 'server stopping');
    done();
  });
  await app.register(websocket, { options: { maxPayload: MAX_FRAME } });
  // An upgrade the websocket library refuses (no key, a wrong version) is answered in the envelope too.
  app.websocketServer.on('wsClientError', (_error: Error, raw: Duplex, request: IncomingMessage) =>
    endWithEnvelope(raw, 400, 'body_malformed', languageOf(request.headers.lang)));

  // A plain GET (no upgrade) is told what this address is for, in the envelope like every answer.
  const plainRequest = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(426).header('upgrade', 'websocket').send(envelopeOf(Code.error, translate(languageOf(request.headers.lang), 'websocket_only')));

  const openByAddress = new Map<string, number>();

  app.route({ method: 'GET', url: SOCKET_PATH, handler: plainRequest, wsHandler: (socket: WebSocket, request) => {
    const open = (openByAddress.get(request.ip) ?? 0) + 1;
    if (open > socketsPerAddress) return socket.close(POLICY_VIOLATION, 'too many connections');
    openByAddress.set(request.ip, open);
    socket.once('close', () => {
      const left = openByAddress.get(request.ip)! - 1;
      if (left > 0) openByAddress.set(request.ip, left);
      else openByAddress.delete(request.ip);
    });
    const query = request.query as Record<string, unknown>;
    const lang = languageOf(query.lang ?? request.headers.lang);
    const peer = new Peer(socket);
    const frames = new FrameBudget(FRAMES.burst, FRAMES.perSecond);
    const logins = new FrameBudget(LOGINS.burst, LOGINS.perSecond);
    let over = false;
    const overBudget = (reason = 'too many frames') => {
      over = true;
      hub.remove(peer);
      peer.close(POLICY_VIOLATION, reason);
    };
    // A refused frame names its params as what they are: a login's token, a sub's topic.
    const result = (type: string, ok: boolean, msgKey: Parameters<typeof translate>[1] = ok ? 'success' : 'field_invalid') =>
      peer.reply(JSON.stringify({ type, code: ok ? 1 : 0, msg: translate(lang, msgKey, { field: fieldLabel(lang, type === 'login_result' ? 'token' : 'topic') }) }));

    const handle = async (text: string): Promise<void> => {
      if (over) return;
      if (text === PING) return peer.reply(PONG);
      let sent: unknown;
      try {
        sent = asMeant(JSON.parse(text));
      } catch {
        return;
      }
      const parsed = clientFrame.safeParse(sent);
      if (!parsed.success) {
        // A known command with bad params gets its refusal; anything else is ignored.
        const type = (sent as { type?: unknown } | null)?.type;
        if (type === 'sub' || type === 'unsub' || type === 'login') result(`${type}_result`, false);
        return;
      }
      const frame = parsed.data;
      switch (frame.type) {
        case 'login': {
          if (!logins.take()) return overBudget();
          // An address past its refused logins is closed before any look-up, socket after socket. Closed,
          // not refused: a refused login ends the session on screen, and a trader sharing the address
          // with whoever tries tokens only reconnects a little later.
          if ((await failedLogins.wait(request.ip).catch(() => 0)) > 0) return overBudget('too many refused logins');
          const authed = await authenticate(frame.params).catch(() => undefined);
          if (!authed) void failedLogins.hit(request.ip).catch(() => 0);
          if (over || socket.readyState !== socket.OPEN) return; // gone meanwhile: not identified again
          hub.identify(peer, authed?.userId, hashToken(frame.params));
          return result('login_result', authed !== undefined, authed ? 'success' : 'session_invalid');
        }
        case 'logout':
          hub.identify(peer, undefined);
          ACCOUNT_TOPICS.forEach((t) => hub.leave(peer, t));
          return result('logout_result', true);
        case 'sub': {
          if (ACCOUNT_TOPICS.has(frame.params) && peer.userId === undefined) return result('sub_result', false, 'session_invalid');
          if (!topicExists(frame.params)) return result('sub_result', false);
          // A second sub of a topic changes nothing: no second snapshot of the figures either.
          const joined = !peer.topics.has(frame.params);
          hub.join(peer, frame.params);
          result('sub_result', true);
          if (frame.params === FOREX_TRADE && joined) accountWatched(peer.userId!);
          return;
        }
        case 'unsub':
          hub.leave(peer, frame.params);
          return result('unsub_result', true);
      }
    };
    // One frame at a time, in the order sent: a sub right behind a login is judged after that login.
    let inOrder = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      // Frames still arriving after the close was sent are dropped unread.
      if (over) return;
      if (!frames.take()) return overBudget();
      if (isBinary) return;
      const text = data.toString();
      inOrder = inOrder.then(() => handle(text)).catch((error: unknown) => request.log.error({ err: error }, 'socket frame failed'));
    });
    // The client has read the last round of quotes; a pong nobody asked for spends the frame budget.
    socket.on('pong', () => {
      if (!over && !peer.pong() && !frames.take()) overBudget();
    });
    socket.on('close', () => hub.remove(peer));
    socket.on('error', () => hub.remove(peer));
  } });
}
