import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { LocalHub } from '../../server/platform/ws/hub';
import { CLOSE_BEHIND, CLOSE_NOT_READING, Peer, STUCK_MS } from '../../server/platform/ws/peer';

const USER = 7;
const quote = (symbol: string, n: number) => JSON.stringify({ type: 'DAY_MARKET', symbol, n });
const push = (n: number) => JSON.stringify({ type: 'FOREX_TRADE', n });

/** A real `ws` server whose one connection is a peer of the hub, and a real client to it. */
async function connected({ now, autoPong = true }: { now?: () => number; autoPong?: boolean } = {}) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const hub = new LocalHub();
  const joined = new Promise<Peer>((resolve) =>
    server.on('connection', (socket) => {
      const peer = new Peer(socket, now);
      socket.on('pong', () => peer.pong());
      hub.join(peer, 'DAY_MARKET');
      hub.join(peer, 'FOREX_TRADE');
      hub.identify(peer, USER);
      resolve(peer);
    }),
  );
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { autoPong });
  const frames: { type: string; symbol?: string; n: number }[] = [];
  client.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await once(client, 'open');
  const peer = await joined;
  const stop = () => {
    client.terminate();
    server.close();
  };
  return { hub, peer, client, frames, stop };
}

/** The next turn of the event loop, when the hub fans out what was published in this one. */
const turn = () => new Promise((r) => setImmediate(r));

const settled = async (frames: unknown[], quietMs = 150) => {
  for (let seen = -1; seen !== frames.length; ) {
    seen = frames.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
};

/** Waits until `done`, for at most two seconds. */
const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 2000) throw new Error('no frame came');
    await new Promise((r) => setTimeout(r, 5));
  }
};

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('a slow reader', () => {
  it('gets only the newest quote of each symbol once it reads again, and every account push in order', async () => {
    const c = await connected();
    stop = c.stop;
    // The client stops reading: what we send sits in the kernel's buffers, where our own cannot see it.
    c.client.pause();
    for (let n = 1; n <= 200; n++) {
      c.hub.publish('DAY_MARKET', 'EURUSD', quote('EURUSD', n));
      c.hub.publish('DAY_MARKET', 'GBPUSD', quote('GBPUSD', n));
      if (n % 4 === 0) c.hub.sendToUser(USER, 'FOREX_TRADE', push(n / 4));
      await turn(); // each quote in its own turn: only the peer can conflate them
    }
    expect(c.peer.backlog).toBe(2); // one waiting frame per symbol, not 400
    c.client.resume();
    await settled(c.frames);

    const quotes = c.frames.filter((f) => f.type === 'DAY_MARKET');
    const pushes = c.frames.filter((f) => f.type === 'FOREX_TRADE');
    expect(pushes.map((f) => f.n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // One unconfirmed window went before the client stopped answering; after it, only the newest.
    expect(quotes.length).toBeLessThanOrEqual(10);
    const afterWindow = quotes.slice(quotes.findIndex((f) => f.n > 10));
    expect(afterWindow.map((f) => `${f.symbol}${f.n}`).sort()).toEqual(['EURUSD200', 'GBPUSD200']);
    expect(c.peer.backlog).toBe(0);
  });

  it('gets every quote while it keeps up', async () => {
    const c = await connected();
    stop = c.stop;
    for (let n = 1; n <= 100; n++) {
      c.hub.publish('DAY_MARKET', 'EURUSD', quote('EURUSD', n));
      while (c.frames.length < n) await new Promise((r) => setTimeout(r, 1));
    }
    expect(c.frames.map((f) => f.n)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('gets a burst published in one turn as the newest frame of each key', async () => {
    const c = await connected();
    stop = c.stop;
    for (let n = 1; n <= 100; n++) c.hub.publish('DAY_MARKET', n % 2 ? 'EURUSD' : 'GBPUSD', quote(n % 2 ? 'EURUSD' : 'GBPUSD', n));
    await settled(c.frames);
    expect(c.frames.map((f) => `${f.symbol}${f.n}`).sort()).toEqual(['EURUSD99', 'GBPUSD100']);
  });

  it('gets a turn\'s quotes of several topics and its ping in one write', async () => {
    const c = await connected();
    stop = c.stop;
    c.hub.join(c.peer, 'KLINE.EURUSD');
    const raw = (c.peer as unknown as { socket: { _socket: { write: (...args: unknown[]) => boolean } } }).socket._socket;
    const write = raw.write.bind(raw);
    let writes = 0;
    raw.write = (...args: unknown[]) => {
      writes += 1;
      return write(...args);
    };
    for (const symbol of ['EURUSD', 'GBPUSD', 'USDJPY']) c.hub.publish('DAY_MARKET', symbol, quote(symbol, 1));
    c.hub.publish('KLINE.EURUSD', 'EURUSD.1min', JSON.stringify({ type: 'KLINE', n: 1 }));
    await settled(c.frames);
    expect(c.frames).toHaveLength(4);
    expect(writes).toBe(1);
  });

  it('does not take a pong nobody asked for as an answer', async () => {
    const c = await connected();
    stop = c.stop;
    expect(c.peer.pong()).toBe(false);
  });

  it('is closed, not left without prices, when its pings go unanswered', async () => {
    let clock = 0;
    const c = await connected({ now: () => clock, autoPong: false });
    stop = c.stop;
    const closed = once(c.client, 'close');
    for (let n = 1; n <= 40; n++) c.hub.publish('DAY_MARKET', `S${n}`, quote(`S${n}`, n));
    await turn();
    clock += STUCK_MS - 1;
    c.hub.publish('DAY_MARKET', 'EURUSD', quote('EURUSD', 41));
    await turn();
    expect(c.client.readyState).toBe(WebSocket.OPEN);
    clock += 2;
    c.hub.publish('DAY_MARKET', 'EURUSD', quote('EURUSD', 42));
    const [code] = (await closed) as [number];
    expect(code).toBe(CLOSE_NOT_READING);
  });

  it('keeps getting quotes after a late pong narrows its window below what is already out', async () => {
    let clock = 0;
    const c = await connected({ now: () => clock, autoPong: false });
    stop = c.stop;
    const held: (() => void)[] = [];
    let answer = true;
    c.client.on('ping', () => (answer ? c.client.pong() : held.push(() => c.client.pong())));
    const burst = async (round: number) => {
      const before = c.frames.length;
      for (let s = 0; s < 16; s++) c.hub.publish('DAY_MARKET', `S${s}`, quote(`S${s}`, round));
      await until(() => c.frames.length === before + 16);
    };
    // Pongs that come back at once widen the window to its widest.
    for (let round = 1; round <= 30; round++) await burst(round);
    await settled(c.frames, 20);
    // Half a wide window goes out with a ping; the other half follows while that ping is unanswered.
    answer = false;
    await burst(31);
    await burst(32);
    // The pong comes back late: the window narrows to what is already out, and nothing is waiting.
    clock += 50;
    answer = true;
    held.splice(0).forEach((pong) => pong());
    await settled(c.frames, 20);
    c.hub.publish('DAY_MARKET', 'EURUSD', quote('EURUSD', 999));
    await until(() => c.frames.some((f) => f.symbol === 'EURUSD'));
  });

  it('gets a fresh quote beside the stale ones, however many of those wait', async () => {
    let clock = 0;
    const c = await connected({ now: () => clock, autoPong: false });
    stop = c.stop;
    const held: (() => void)[] = [];
    c.client.on('ping', () => held.push(() => c.client.pong()));
    // A first window goes out with a ping, which the client holds.
    for (let s = 0; s < 8; s++) c.hub.publish('DAY_MARKET', `A${s}`, quote(`A${s}`, 1));
    await until(() => c.frames.length === 8 && held.length === 1);
    // Twenty symbols wait until they are stale; then one more quote comes.
    for (let s = 0; s < 20; s++) c.hub.publish('DAY_MARKET', `S${s}`, quote(`S${s}`, 1));
    await turn();
    clock += 2000;
    c.hub.publish('DAY_MARKET', 'EURUSD', quote('EURUSD', 1));
    await turn();
    // The pong is very late: the window narrows to two frames. One of them is the fresh quote.
    held.splice(0).forEach((pong) => pong());
    await until(() => c.frames.length === 10);
    expect(c.frames.slice(8).map((f) => f.symbol)).toContain('EURUSD');
  });

  it('is closed, never silently short of an account frame, when it cannot take them', async () => {
    const c = await connected();
    stop = c.stop;
    const closed = once(c.client, 'close');
    (c.client as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    // 32 MB of account frames to a reader that takes none: more than the kernel's buffers hold.
    const big = JSON.stringify({ type: 'FOREX_TRADE', pad: 'x'.repeat(100_000) });
    for (let n = 0; n < 320 && c.client.readyState === WebSocket.OPEN; n++) {
      c.hub.sendToUser(USER, 'FOREX_TRADE', big);
      await turn();
    }
    (c.client as unknown as { _socket: { resume(): void } })._socket.resume();
    const [code] = (await closed) as [number];
    expect(code).toBe(CLOSE_BEHIND);
  });
});
