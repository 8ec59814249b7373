/**
 * Bytes on the wire for `/` on a phone: a cold visit (empty cache), a warm one (second visit, the
 * service worker and the HTTP cache in place), and a warm one with the worker blocked (the HTTP cache
 * alone). The browser talks to the built server (`npm start`'s own command) through a TCP relay here
 * that counts every byte each way, the worker's own fetches and the socket included, so nothing
 * hides in a browser-side figure. The market feed is off: no ticks, so the socket's bytes do not grow
 * with the seconds a run happens to last.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, phone } from '../tests/e2e/browser';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_PORT = 18_610;
const RELAY_PORT = 18_611;
/** The page counts as loaded once no byte has moved on a plain HTTP connection for this long. */
const QUIET_MS = 1500;

interface Tally {
  down: number;
  up: number;
  requests: number;
  socketDown: number;
  socketUp: number;
}
const emptyTally = (): Tally => ({ down: 0, up: 0, requests: 0, socketDown: 0, socketUp: 0 });
let tally = emptyTally();
let lastHttpByte = 0;

/** Browser ⇄ relay ⇄ server, counting bytes; a connection whose first request upgrades is the socket. */
function relay(): net.Server {
  return net.createServer((client) => {
    const upstream = net.connect(SERVER_PORT, '127.0.0.1');
    let isSocket: boolean | undefined;
    client.on('data', (chunk: Buffer) => {
      isSocket ??= /\r\nupgrade: websocket\r\n/i.test(chunk.toString('latin1'));
      if (isSocket) tally.socketUp += chunk.length;
      else {
        tally.up += chunk.length;
        tally.requests += chunk.toString('latin1').match(/^(?:GET|POST|HEAD|PUT|DELETE) \S+ HTTP\/1\.1\r\n/gm)?.length ?? 0;
        lastHttpByte = Date.now();
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (isSocket) tally.socketDown += chunk.length;
      else {
        tally.down += chunk.length;
        lastHttpByte = Date.now();
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  }).listen(RELAY_PORT, '127.0.0.1');
}

/** The server as `npm start` runs it (it builds the client first when the sources are newer). */
function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(SERVER_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', MARKET_FEED: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in \d+ ms \(\w+ store\)/.test(output)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before ready:\n${output.slice(-2000)}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One visit of `/` in `context`: until the quotes list shows, the worker (if any) is ready, and the wire is quiet. */
async function visit(context: BrowserContext, withWorker: boolean): Promise<Tally> {
  tally = emptyTally();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${RELAY_PORT}/`);
  await page.locator('.product-row').first().waitFor({ timeout: 30_000 });
  if (withWorker) await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  lastHttpByte = Date.now();
  while (Date.now() - lastHttpByte < QUIET_MS) await sleep(100);
  const seen = tally;
  await page.close();
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (label: string, t: Tally) =>
  console.log(`${label.padEnd(34)} ${kb(t.down).padStart(9)} down ${kb(t.up).padStart(8)} up  ${String(t.requests).padStart(3)} requests   socket ${kb(t.socketDown)} down`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wire-'));
const server = await startServer(dataDir);
const counter = relay();
const browser = await launchBrowser();
try {
  console.log(`bench:wire-bytes — / on a 390x844 phone, node ${process.version}, ${os.cpus().length} cores`);
  const context = await phone(browser);
  row('cold (empty cache)', await visit(context, true));
  row('warm (worker + HTTP cache)', await visit(context, true));
  await context.close();

  const noWorker = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US', serviceWorkers: 'block' });
  row('cold, worker blocked', await visit(noWorker, false));
  row('warm, worker blocked (HTTP cache)', await visit(noWorker, false));
  await noWorker.close();
} finally {
  await browser.close();
  counter.close();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
