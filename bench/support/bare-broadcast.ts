/**
 * The yardstick: a bare `ws` server that broadcasts DAY_MARKET-shaped frames at a given rate to
 * every client that subscribed. Bench-only.
 * Usage: tsx bench/support/bare-broadcast.ts TICKS_PER_SECOND sent|due
 *
 * How a tick is timed decides what the delay measures:
 * - `sent`: a timer every 10 ms sends its share of the rate and stamps each frame when it sends it.
 *   A late timer sends fewer ticks and its lateness is not in the delay: this measures the sockets
 *   alone, at whatever rate the server manages.
 * - `due`: timed as our market's ticks are. Each is due at a fixed time, goes out on the first timer
 *   run at or after it (the timer sleeps until the next is due, at least 2 ms) and carries the time
 *   it was due, so a server that falls behind shows it in the delay, as ours does.
 */
import { WebSocketServer, type WebSocket } from 'ws';

const rate = Number(process.argv[2] ?? 72);
const timing = process.argv[3] === 'due' ? 'due' : 'sent';
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/v1/ws' });
const subscribers = new Set<WebSocket>();
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    if (data.toString().includes('"sub"')) subscribers.add(ws);
  });
  ws.on('close', () => subscribers.delete(ws));
});
const codes = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'BTCUSD', 'US500'];
let ticks = 0;

function broadcast(time: number): void {
  const code = codes[ticks++ % codes.length];
  const text = JSON.stringify({ type: 'DAY_MARKET', symbol: code, time, quotation: { close: 1.08512, change: 0.12, open: 1.08382, high: 1.0862, low: 1.0831, volume: 12345 } });
  for (const ws of subscribers) ws.send(text);
}

if (timing === 'sent') {
  let share = 0;
  setInterval(() => {
    for (share += rate / 100; share >= 1; share -= 1) broadcast(Date.now());
  }, 10);
} else {
  const start = Date.now();
  const dueOf = (n: number) => Math.round(start + (n * 1000) / rate);
  const pump = () => {
    while (dueOf(ticks + 1) <= Date.now()) broadcast(dueOf(ticks + 1));
    setTimeout(pump, Math.max(2, dueOf(ticks + 1) - Date.now()));
  };
  pump();
}
wss.on('listening', () => {
  const address = wss.address();
  console.log(`PORT ${address && typeof address === 'object' ? address.port : ''}`);
});
