/**
 * Tick to paint, in Chromium at 4x CPU slow-down on a 390x844 touch screen:
 * - on `/` with every instrument ticking: p95 delay from a DAY_MARKET frame's arrival to the next
 *   paint after its row changed, and long tasks;
 * - on `/trade` with 2,000 candles loaded: frame times while panning the chart.
 * Prints figures; asserts nothing (targets: p95 frame under 16.7 ms). Usage: npm run bench:tick-render
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { launchBrowser, phone } from '../tests/e2e/browser';

const root = path.resolve(import.meta.dirname, '..');
const port = 18900 + Math.floor(Math.random() * 99);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tick-render-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MARKET_FEED: process.env.MARKET_FEED ?? 'simulated', LOG: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => {
  let out = '';
  server.stdout!.on('data', (d) => /ready in \d+ ms \(\w+ store\)/.test((out += d.toString())) && resolve());
});
const base = `http://127.0.0.1:${port}`;

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))]! : NaN;
};

const browser = await launchBrowser();
try {
  const context = await phone(browser);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  // Arrival times of quote frames, by symbol and price, recorded before the app sees them.
  await page.addInitScript(() => {
    const w = window as unknown as { __arrivals: Map<string, number>; __paints: number[]; __longTasks: number[] };
    w.__arrivals = new Map();
    w.__paints = [];
    w.__longTasks = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (e) => {
          const m = typeof e.data === 'string' ? /"symbol":"(\w+)".*"close":([\d.]+)/.exec(e.data) : null;
          if (m) w.__arrivals.set(`${m[1]}@${Number(m[2])}`, performance.now());
        });
      }
    } as typeof WebSocket;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
  });

  await page.goto(`${base}/`);
  await page.waitForSelector('[data-testid="price"]');
  await page.evaluate(() => {
    const w = window as unknown as { __arrivals: Map<string, number>; __paints: number[] };
    new MutationObserver((records) => {
      for (const r of records) {
        const row = (r.target instanceof Element ? r.target : r.target.parentElement)?.closest('[data-code]');
        const price = row?.querySelector('[data-testid="price"]')?.textContent?.replace(/,/g, '');
        const code = row?.getAttribute('data-code');
        const arrived = code && price ? w.__arrivals.get(`${code}@${Number(price)}`) : undefined;
        if (arrived !== undefined) requestAnimationFrame(() => w.__paints.push(performance.now() - arrived));
      }
    }).observe(document.querySelector('.product-list')!, { subtree: true, childList: true, characterData: true });
  });
  await page.waitForTimeout(15_000);
  const home = await page.evaluate(() => {
    const w = window as unknown as { __paints: number[]; __longTasks: number[] };
    return { paints: w.__paints, longTasks: w.__longTasks };
  });
  console.log(`tick-render /: ${home.paints.length} row updates, tick-to-paint p50 ${percentile(home.paints, 0.5).toFixed(1)} ms, p95 ${percentile(home.paints, 0.95).toFixed(1)} ms; long tasks ${home.longTasks.length} (max ${Math.max(0, ...home.longTasks).toFixed(0)} ms) at 4x CPU slow-down`);

  // The chart: pan left until 2,000 candles are loaded, then measure frames while panning.
  await page.goto(`${base}/trade`);
  const chart = page.getByTestId('chart');
  await chart.waitFor();
  const box = (await chart.boundingBox())!;
  const drag = async (dx: number, steps = 20) => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps });
    await page.mouse.up();
  };
  for (let i = 0; i < 40 && Number(await chart.getAttribute('data-candles')) < 2000; i++) await drag(box.width * 3, 10);
  const candles = Number(await chart.getAttribute('data-candles'));
  // Per frame: the interval between frames, and the main thread's work for it (from the start of
  // the frame's animation callbacks to a message posted from them, which runs once the frame's
  // rendering is done). A string, so that the bundler's helpers never reach the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__work = [];
    const channel = new MessageChannel();
    let started = 0;
    channel.port1.onmessage = () => window.__work.push(performance.now() - started);
    let last = performance.now();
    const loop = (t) => {
      window.__frames.push(t - last);
      last = t;
      started = performance.now();
      channel.port2.postMessage(0);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  })()`);
  for (let i = 0; i < 6; i++) await drag(i % 2 ? -box.width * 0.8 : box.width * 0.8, 60);
  const { frames, work } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __work: number[] };
    return { frames: w.__frames.slice(2), work: w.__work.slice(2) };
  });
  console.log(
    `tick-render /trade: ${candles} candles loaded, ${frames.length} frames while panning: interval p50 ${percentile(frames, 0.5).toFixed(1)} ms,` +
      ` p95 ${percentile(frames, 0.95).toFixed(1)} ms, ${frames.filter((f) => f > 25).length} over 25 ms;` +
      ` main-thread work per frame p50 ${percentile(work, 0.5).toFixed(1)} ms, p95 ${percentile(work, 0.95).toFixed(1)} ms (target p95 < 16.7 ms)`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
