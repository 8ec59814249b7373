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

/** Refused logins are counted by address, across sockets: opening socket after socket does not reset them. */
describe('refused socket logins per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('closes, before any look-up, the logins of an address that had 20 refused in a minute, whatever the socket', async () => {
    const { token } = (await client(server.url).get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() })).data as { token: string };
    // The count's window is a minute aligned to the clock: start well inside one, so that all 20 fall in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    for (let i = 0; i < 4; i++) {
      const socket = await TestSocket.open(server.url);
      for (let j = 0; j < 5; j++) socket.send({ type: 'login', params: `not-a-session-token-${i}-${j}-0123456789abcdefghijk` });
      for (let j = 0; j < 5; j++) expect(await socket.json('login_result')).toMatchObject({ code: 0 });
      socket.close();
    }
    // A good token from the same address now: closed, not refused (a refusal would end the session on screen).
    const next = await TestSocket.open(server.url);
    next.send({ type: 'login', params: token });
    expect(await closeOf(next)).toBe(POLICY_VIOLATION);
    expect(next.frames.some((frame) => frame.includes('"login_result"'))).toBe(false);
    // The window past, the same token logs in.
    server.clearLimits();
    const later = await TestSocket.open(server.url);
    later.send({ type: 'login', params: token });
    expect(await later.json('login_result')).toMatchObject({ code: 1 });
    later.close();
  });
});

/** Sockets one address holds open at once: one more is closed; a closed one frees its place. */
describe('sockets per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { SOCKETS_PER_ADDRESS: '3' });
  });
  afterAll(() => server?.close());

  it('closes the socket past the address\'s count at once, serves the others, and takes a new one when one goes', async () => {
    const kept = await Promise.all([1, 2, 3].map(() => TestSocket.open(server.url)));
    const extra = await TestSocket.open(server.url);
    expect(await closeOf(extra)).toBe(POLICY_VIOLATION);
    for (const socket of kept) {
      socket.send('ping');
      expect(await socket.next((frame) => frame === 'pong')).toBe('pong');
    }
    kept[0]!.close();
    await kept[0]!.closed;
    // The server hears the close a moment after the client: a socket refused meanwhile is tried again.
    let again = await TestSocket.open(server.url);
    for (let tries = 0; tries < 20 && (await Promise.race([again.closed, new Promise((resolve) => setTimeout(resolve, 100, 'open'))])) !== 'open'; tries++) {
      again = await TestSocket.open(server.url);
    }
    again.send('ping');
    expect(await again.next((frame) => frame === 'pong')).toBe('pong');
    [again, ...kept.slice(1)].forEach((socket) => socket.close());
  });
});
