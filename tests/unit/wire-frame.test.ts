import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { PING_FRAME, textFrame } from '../../server/platform/ws/wire-frame';

let server: WebSocketServer | undefined;
afterEach(() => server?.close());

/** Writes the bytes under a real `ws` connection and returns what its client reads from them. */
async function read(bytes: Buffer, expected: number): Promise<{ messages: string[]; pings: number }> {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  server.on('connection', (socket) => (socket as unknown as { _socket: { write(b: Buffer): void } })._socket.write(bytes));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const messages: string[] = [];
  let pings = 0;
  client.on('ping', () => (pings += 1));
  await new Promise<void>((resolve, reject) => {
    client.on('error', reject);
    client.on('message', (data, isBinary) => {
      messages.push(isBinary ? 'binary' : data.toString());
      if (messages.length === expected) resolve();
    });
  });
  await new Promise((r) => setTimeout(r, 20));
  client.terminate();
  return { messages, pings };
}

describe('a frame made once for every peer', () => {
  it.each([0, 125, 126, 65535, 65536, 200_000])('is a text frame of %i bytes as a client reads it', async (size) => {
    const text = 'é'.repeat(Math.floor(size / 2)) + 'x'.repeat(size % 2);
    expect(Buffer.byteLength(text)).toBe(size);
    expect((await read(textFrame(text), 1)).messages).toEqual([text]);
  });

  it('goes with others and a ping in one write', async () => {
    const { messages, pings } = await read(Buffer.concat([textFrame('{"a":1}'), textFrame('{"b":2}'), PING_FRAME]), 2);
    expect(messages).toEqual(['{"a":1}', '{"b":2}']);
    expect(pings).toBe(1);
  });
});
