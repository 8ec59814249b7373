import { assign, enqueueActions, fromCallback, sendTo, setup, type EventObject } from 'xstate';

/**
 * The realtime connection (spec sections 4 and 9): connect (5 s timeout), log in once with the
 * token, resubscribe every topic, ping every 5 s; more than 2 unanswered pings, a close or a
 * timeout -> reconnect after a capped back-off; `online` and a visible page reconnect at once, and
 * `offline` stops waiting for the heartbeats to notice.
 * A live socket is quiet when QUIET_BEATS heartbeats passed since the last quote while some
 * listed product is open: the connection answers but the prices have stopped (a feed or a server
 * that stalled), so the screen says so rather than show frozen prices as live.
 * A live socket lags when a ping is not answered within PONG_LATE_MS: what arrives (quotes
 * included) arrives that late, from a congested network or a reader that falls behind, so prices on
 * screen are not live either. It stops lagging when a ping is answered in time again.
 * The connection itself is the `connection` actor the app provides (partysocket underneath); it
 * reports SOCKET.* events here and takes CONNECTION.* commands.
 */
export const HEARTBEAT_MS = 5000;
export const CONNECT_TIMEOUT_MS = 5000;
export const MAX_MISSED_PINGS = 2;
/** A pong later than this after its ping: the connection lags, and prices arriving on it are old. */
export const PONG_LATE_MS = 3000;
/** Heartbeats since the last quote, while some product is open, that make the prices on screen not live (10 to 15 s). */
export const QUIET_BEATS = 3;
/** Waits between tries, at most a connect's own timeout: a server back after a restart is found within 5 s (15 s before). */
const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];

export interface SocketContext {
  token: string | undefined;
  topics: string[];
  /** Pings sent and not yet answered (each pong answers the oldest). */
  missed: number;
  /** The last ping was not answered within PONG_LATE_MS, nor any since. */
  lagging: boolean;
  /** Failed connections in a row; picks the back-off. */
  attempt: number;
  /** Some listed product is open, so quotes should be arriving. */
  quotesExpected: boolean;
  /** Heartbeats since the last quote (at most QUIET_BEATS). */
  silentBeats: number;
}

export type SocketEvent =
  | { type: 'SOCKET.START' }
  | { type: 'SOCKET.OPENED' }
  | { type: 'SOCKET.CLOSED' }
  | { type: 'SOCKET.PONG' }
  /** A market quote arrived (the connection reports at most one a second). */
  | { type: 'SOCKET.QUOTE' }
  /** Whether some listed product is open (from the product list). */
  | { type: 'MARKET.EXPECTED'; open: boolean }
  | { type: 'SOCKET.LOGIN_RESULT'; ok: boolean }
  | { type: 'TOPIC.SUBSCRIBE'; topic: string }
  | { type: 'TOPIC.UNSUBSCRIBE'; topic: string }
  | { type: 'SESSION.TOKEN'; token: string | undefined }
  | { type: 'NETWORK.ONLINE' }
  | { type: 'NETWORK.OFFLINE' }
  | { type: 'PAGE.VISIBLE' };

/** What the machine asks of the connection actor. */
export type ConnectionCommand = { type: 'CONNECTION.SEND'; text: string };

export const backoffMs = (attempt: number) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;

const frame = (type: string, params: string) => JSON.stringify({ type, params });

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    /** `topics`: subscribed from the start, sent once live. */
    input: {} as { token?: string; topics?: string[] },
  },
  actors: {
    connection: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    /** Only states inside `connected` send: the connection actor lives there. */
    send: sendTo('connection', (_, params: { text: string }) => ({ type: 'CONNECTION.SEND', text: params.text }) satisfies ConnectionCommand),
    resubscribe: enqueueActions(({ context, enqueue }) => {
      for (const topic of context.topics) enqueue.sendTo('connection', { type: 'CONNECTION.SEND', text: frame('sub', topic) } satisfies ConnectionCommand);
    }),
    addTopic: assign({ topics: ({ context }, params: { topic: string }) => (context.topics.includes(params.topic) ? context.topics : [...context.topics, params.topic]) }),
    dropTopic: assign({ topics: ({ context }, params: { topic: string }) => context.topics.filter((t) => t !== params.topic) }),
    rememberToken: assign({ token: (_, params: { token: string | undefined }) => params.token }),
    /** Every heartbeat: one more ping unanswered, one more beat since the last quote. */
    countBeat: assign(({ context }) => ({ missed: context.missed + 1, silentBeats: Math.min(QUIET_BEATS, context.silentBeats + 1) })),
    answerPing: assign({ missed: ({ context }) => Math.max(0, context.missed - 1) }),
    /** Every ping answered while the newest is still within PONG_LATE_MS: the connection keeps up. */
    answeredInTime: assign({ lagging: ({ context }) => context.lagging && context.missed > 0 }),
    /** PONG_LATE_MS after a ping: still unanswered, the connection lags. */
    judgeLag: assign({ lagging: ({ context }) => context.missed > 0 }),
  },
  delays: {
    /** A ping every HEARTBEAT_MS: its answer is awaited PONG_LATE_MS, then the rest of the beat. */
    untilPing: HEARTBEAT_MS - PONG_LATE_MS,
    pongLate: PONG_LATE_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    backoff: ({ context }) => backoffMs(context.attempt),
  },
  guards: {
    hasToken: ({ context }) => context.token !== undefined,
    tooManyMissed: ({ context }) => context.missed > MAX_MISSED_PINGS,
    newToken: ({ context, event }) => event.type === 'SESSION.TOKEN' && event.token !== context.token,
    newTopic: ({ context, event }) => event.type === 'TOPIC.SUBSCRIBE' && !context.topics.includes(event.topic),
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ token: input.token, topics: input.topics ?? [], missed: 0, lagging: false, attempt: 0, quotesExpected: false, silentBeats: 0 }),
  initial: 'idle',
  // Topics are remembered in every state and sent once live (and again after each reconnect).
  on: {
    'TOPIC.SUBSCRIBE': { actions: { type: 'addTopic', params: ({ event }) => ({ topic: event.topic }) } },
    'TOPIC.UNSUBSCRIBE': { actions: { type: 'dropTopic', params: ({ event }) => ({ topic: event.topic }) } },
    'MARKET.EXPECTED': { actions: assign({ quotesExpected: ({ event }) => event.open }) },
  },
  states: {
    idle: {
      on: {
        'SOCKET.START': 'connected',
        // Not connected yet: the login will use the newest token.
        'SESSION.TOKEN': { actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) } },
      },
    },
    connected: {
      invoke: { id: 'connection', src: 'connection' },
      initial: 'connecting',
      on: {
        'SOCKET.CLOSED': 'reconnecting',
        'NETWORK.OFFLINE': 'reconnecting',
        // A new identity: a new connection, so the login happens once, with the new token.
        'SESSION.TOKEN': {
          guard: 'newToken',
          target: '#socket.connected',
          reenter: true,
          actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) },
        },
      },
      states: {
        connecting: {
          after: { connectTimeout: '#socket.reconnecting' },
          on: {
            'SOCKET.OPENED': [
              { guard: 'hasToken', target: 'loggingIn' },
              { target: 'live' },
            ],
          },
        },
        loggingIn: {
          entry: { type: 'send', params: ({ context }) => ({ text: frame('login', context.token ?? '') }) },
          after: { connectTimeout: '#socket.reconnecting' },
          // A refused token still gets the market; the account topics answer "log in".
          on: { 'SOCKET.LOGIN_RESULT': 'live' },
        },
        live: {
          entry: ['resubscribe', assign({ attempt: 0, missed: 0, lagging: false, silentBeats: 0 })],
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                untilPing: [
                  { guard: 'tooManyMissed', target: '#socket.reconnecting' },
                  { target: 'answering', actions: [{ type: 'send', params: { text: 'ping' } }, 'countBeat'] },
                ],
              },
            },
            /** A ping is out: answered within PONG_LATE_MS or the connection lags. */
            answering: {
              after: { pongLate: { target: 'waiting', actions: 'judgeLag' } },
              on: { 'SOCKET.PONG': { actions: ['answerPing', 'answeredInTime'] } },
            },
          },
          on: {
            // Late: it answers an older ping, and the connection still lags.
            'SOCKET.PONG': { actions: 'answerPing' },
            'SOCKET.QUOTE': { actions: assign({ silentBeats: 0 }) },
            'TOPIC.SUBSCRIBE': {
              guard: 'newTopic',
              actions: [
                { type: 'addTopic', params: ({ event }) => ({ topic: event.topic }) },
                { type: 'send', params: ({ event }) => ({ text: frame('sub', event.topic) }) },
              ],
            },
            'TOPIC.UNSUBSCRIBE': {
              actions: [
                { type: 'dropTopic', params: ({ event }) => ({ topic: event.topic }) },
                { type: 'send', params: ({ event }) => ({ text: frame('unsub', event.topic) }) },
              ],
            },
          },
        },
      },
    },
    reconnecting: {
      entry: assign({ attempt: ({ context }) => Math.min(context.attempt + 1, BACKOFF_MS.length) }),
      after: { backoff: 'connected' },
      on: {
        'NETWORK.ONLINE': 'connected',
        'PAGE.VISIBLE': 'connected',
        'SOCKET.START': 'connected',
        'SESSION.TOKEN': { actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) } },
      },
    },
  },
});
