import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { TestSocket } from '../support/socket';

const POLICY_VIOLATION = 1008;
/** The close code, or a failure when the server never closes the socket. */
const closeOf = (socket: TestSocket) =>
  Promise.race([socket.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the socket was not closed')), 10_000))]);

/** Each socket has its own budget of frames and of logins; spending it closes that socket only. */
describe('socket budgets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const stillServed = async (other: TestSocket) => {
    other.send('ping');
    expect(await other.next((frame) => frame === 'pong')).toBe('pong');
    expect((await client(server.url).get('/api/default/area_list')).code).toBe(1);
  };

  it('closes a socket that floods login frames after at most 5 were looked up; others are served', async () => {
    const other = await TestSocket.open(server.url);
    const flood = await TestSocket.open(server.url);
    const login = JSON.stringify({ type: 'login', params: 'not-a-session-token-0123456789abcdefghijk' });
    for (let i = 0; i < 20_000; i++) flood.send(login);
    expect(await closeOf(flood)).toBe(POLICY_VIOLATION);
    expect(flood.frames.filter((frame) => frame.includes('"login_result"')).length).toBeLessThanOrEqual(5);
    await stillServed(other);
    other.close();
  });

  it('closes a socket that floods any frame', async () => {
    const other = await TestSocket.open(server.url);
    const flood = await TestSocket.open(server.url);
    for (let i = 0; i < 5_000; i++) flood.send('ping');
    expect(await closeOf(flood)).toBe(POLICY_VIOLATION);
    expect(flood.frames.filter((frame) => frame === 'pong').length).toBeLessThanOrEqual(60);
    await stillServed(other);
    other.close();
  });

  it('keeps a client that sends what a client sends: a login and a screen of subscriptions', async () => {
    const socket = await TestSocket.open(server.url);
    socket.send({ type: 'login', params: 'not-a-session-token-0123456789abcdefghijk' });
    for (let i = 0; i < 40; i++) socket.send({ type: 'sub', params: 'DAY_MARKET' });
    expect(await socket.json('login_result')).toMatchObject({ code: 0 });
    await stillServed(socket);
    socket.close();
    expect(await socket.closed).not.toBe(POLICY_VIOLATION);
  });
});
