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
    { type: 'PAGE.VISIBLE' },
  ],
  realChildren: ['connection'],
  // Back-off attempts beyond the first behave alike; projecting them keeps the graph small.
  project: (c) => [c.token ?? null, c.topics.length, c.missed, Math.min(c.attempt, 1)],
});
