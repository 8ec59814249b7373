/**
 * One websocket client that subscribes to DAY_MARKET and every symbol's KLINE, then reads nothing:
 * the slowest reader an edge can have. Prints READING-NOTHING once subscribed. Bench-only.
 * Usage: tsx bench/support/slow-reader.ts URL CODE...
 */
import WebSocket from 'ws';

const [url = '', ...codes] = process.argv.slice(2);
const ws = new WebSocket(url);
ws.on('open', () => {
  for (const topic of ['DAY_MARKET', ...codes.map((code) => `KLINE.${code}`)]) ws.send(JSON.stringify({ type: 'sub', params: topic }));
  // Stops reading its socket: the kernel's buffers fill, then the server's.
  setTimeout(() => {
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    console.log('READING-NOTHING');
  }, 500);
});
