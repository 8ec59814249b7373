/**
 * N websocket clients on loopback, subscribed to DAY_MARKET: after a warm-up, counts delivered
 * frames and the delay from the tick's time to arrival. Prints one JSON line. Bench-only.
 * Usage: tsx bench/support/fanout-clients.ts URL N SECONDS
 */
import WebSocket from 'ws';

const [url = '', nArg = '100', secondsArg = '8'] = process.argv.slice(2);
const n = Number(nArg);
const seconds = Number(secondsArg);
const WARMUP_MS = 2000;

let measuring = false;
let delivered = 0;
const delays: number[] = [];
const sockets: WebSocket[] = [];

function connect(): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('open', () => {
      sockets.push(ws);
      resolve();
    });
    ws.on('error', () => resolve());
    ws.on('message', (data) => {
      if (!measuring) return;
      const text = data.toString();
      const time = /"time":(\d+)/.exec(text)?.[1];
      if (!time) return;
      delivered += 1;
      // Sample 1 in 8 delays: enough for p99 without the bench measuring itself.
      if ((delivered & 7) === 0) delays.push(Date.now() - Number(time));
    });
  });
}

// Everyone connects first and subscribes after, so that the frames of the first do not slow the connecting of the rest.
for (let i = 0; i < n; i += 100) await Promise.all(Array.from({ length: Math.min(100, n - i) }, connect));
for (const ws of sockets) ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
await new Promise((r) => setTimeout(r, WARMUP_MS));
measuring = true;
await new Promise((r) => setTimeout(r, seconds * 1000));
measuring = false;
delays.sort((a, b) => a - b);
const p = (q: number) => delays[Math.min(delays.length - 1, Math.floor(delays.length * q))] ?? NaN;
console.log(JSON.stringify({ clients: sockets.length, perSecond: Math.round(delivered / seconds), p50: p(0.5), p99: p(0.99) }));
process.exit(0);
