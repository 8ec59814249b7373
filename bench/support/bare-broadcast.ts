/**
 * The yardstick: a bare `ws` server that broadcasts DAY_MARKET-shaped frames at a given rate to
 * every client that subscribed. Bench-only. Usage: tsx bench/support/bare-broadcast.ts TICKS_PER_SECOND
 */
import { WebSocketServer, type WebSocket } from 'ws';

const rate = Number(process.argv[2] ?? 72);
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/v1/ws' });
const subscribers = new Set<WebSocket>();
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    if (data.toString().includes('"sub"')) subscribers.add(ws);
  });
  ws.on('close', () => subscribers.delete(ws));
});
const codes = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'BTCUSD', 'US500'];
let i = 0;
let due = 0;
setInterval(() => {
  due += rate / 100;
  for (; due >= 1; due -= 1) {
    const code = codes[i++ % codes.length];
    const text = JSON.stringify({ type: 'DAY_MARKET', symbol: code, time: Date.now(), quotation: { close: 1.08512, change: 0.12, open: 1.08382, high: 1.0862, low: 1.0831, volume: 12345 } });
    for (const ws of subscribers) ws.send(text);
  }
}, 10);
wss.on('listening', () => {
  const address = wss.address();
  console.log(`PORT ${address && typeof address === 'object' ? address.port : ''}`);
});
