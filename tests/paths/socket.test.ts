import { socketMachine } from '../../machines/shared/socket';
import { pathSuite } from './runner';

pathSuite('socket', {
  machine: socketMachine,
  inputs: [{ token: 'a' }, {}],
  events: [
    { type: 'SOCKET.START' },
    { type: 'SOCKET.OPENED' },
    { type: 'SOCKET.CLOSED' },
    { type: 'SOCKET.PONG' },
    { type: 'SOCKET.LOGIN_RESULT', ok: true },
    { type: 'TOPIC.SUBSCRIBE', topic: 'DAY_MARKET' },
    { type: 'TOPIC.UNSUBSCRIBE', topic: 'DAY_MARKET' },
    { type: 'SESSION.TOKEN', token: 'a' },
    { type: 'SESSION.TOKEN', token: 'b' },
    { type: 'NETWORK.ONLINE' },
    { type: 'NETWORK.OFFLINE' },
    { type: 'PAGE.VISIBLE' },
  ],
  realChildren: ['connection'],
  // Back-off attempts beyond the first behave alike; projecting them keeps the graph small.
  project: (c) => [c.token ?? null, c.topics.length, c.missed, c.lagging, Math.min(c.attempt, 1)],
});

/** Quotes that stop and start again on a live socket (the context counts the beats since the last). */
pathSuite('socket quotes', {
  machine: socketMachine,
  input: { token: 'a' },
  events: [
    { type: 'SOCKET.START' },
    { type: 'SOCKET.OPENED' },
    { type: 'SOCKET.LOGIN_RESULT', ok: true },
    { type: 'SOCKET.PONG' },
    { type: 'SOCKET.QUOTE' },
    { type: 'MARKET.EXPECTED', open: true },
    { type: 'MARKET.EXPECTED', open: false },
  ],
  realChildren: ['connection'],
  project: (c) => [c.missed, c.lagging, Math.min(c.attempt, 1)],
});
