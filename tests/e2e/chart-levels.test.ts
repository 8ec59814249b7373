import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { phoneApp } from './browser';

// EURUSD on a replay: swings between 1.0840 and 1.0860 for its first 3 s, which sets the candle's
// range, then stays at 1.08500/1.08520, so stops inside that range are drawn and never hit.
const SWING_UNTIL = 3_000;
const replay = Array.from({ length: 240 }, (_, i) => {
  const t = i * 250;
  const bid = t < SWING_UNTIL ? (i % 2 ? 1.086 : 1.084) : 1.085;
  return JSON.stringify({ t, code: 'EURUSD', bid, ask: bid + 0.0002 });
}).join('\n');

async function replayFile(): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'replay-')), 'eurusd.jsonl');
  await fs.writeFile(file, replay);
  return file;
}

interface Rect { left: number; right: number; top: number; bottom: number }
interface Drawn { kind: string; edge: string | undefined; label: Rect[]; plot: Rect }

/** Each level of the chart: its label's boxes (tag and text) and the candles' area beside them. */
const drawnLevels = () => (chart: Element): Drawn[] => {
  const svg = chart.querySelector('svg')!.getBoundingClientRect();
  const plotWidth = Number((chart as HTMLElement).dataset.plotWidth);
  const box = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
  return [...chart.querySelectorAll<SVGGElement>('[data-level]')].map((g) => ({
    kind: g.dataset.level!,
    edge: g.dataset.edge,
    label: [...g.querySelectorAll('text, rect')].map((e) => box(e.getBoundingClientRect())),
    // The candles' area: from the chart's left edge to the price gutter, top to bottom.
    plot: { left: svg.left, right: svg.left + plotWidth, top: svg.top, bottom: svg.bottom },
  }));
};

const overlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A demo trader with a buy whose SL and TP lie within the candles: their labels keep off the candles. */
describe('position levels on the chart', () => {
  const app = phoneApp(async () => ({ MARKET_FEED: `replay:${await replayFile()}` }));

  const levelsKeepOffTheCandles = async () => {
    const chart = app.page.getByTestId('chart');
    await expect.poll(async () => (await chart.evaluate(drawnLevels())).filter((l) => !l.edge).map((l) => l.kind).sort())
      .toEqual(['entry', 'sl', 'tp']);
    for (const level of await chart.evaluate(drawnLevels())) {
      expect(level.label.length).toBeGreaterThan(0);
      for (const part of level.label) expect(overlap(part, level.plot), `${level.kind} label over the candles`).toBe(false);
    }
  };

  it('draws in-range SL, TP and entry labels in the price gutter, left to right and right to left', async () => {
    const { page } = app;
    await page.goto(`${app.server.url}/login`);
    await page.getByRole('button', { name: /demo/i }).first().tap();
    await page.waitForURL(`${app.server.url}/`);

    await page.goto(`${app.server.url}/trade`);
    await expect.poll(() => page.getByTestId('product-picker').innerText()).toContain('EUR/USD');
    // The replay swings for its first 3 s, which a fast start reaches /trade within.
    await expect.poll(() => page.getByTestId('trade-price').innerText(), { timeout: 15_000 }).toBe('1.08500');
    await page.getByLabel('Leverage').selectOption('100');
    await page.getByRole('checkbox', { name: 'Stop loss' }).check();
    await page.getByRole('textbox', { name: 'Stop loss' }).fill('1.0844');
    await page.getByRole('checkbox', { name: 'Take profit' }).check();
    await page.getByRole('textbox', { name: 'Take profit' }).fill('1.0857');
    await page.locator('.ticket .btn.buy').tap();
    await page.getByTestId('order-placed').waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).tap();
    await levelsKeepOffTheCandles();

    // Arabic lays the page out right to left; the chart keeps its gutter on the right.
    await page.goto(`${app.server.url}/language`);
    await page.locator('[data-lang="ar"]').tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.goto(`${app.server.url}/trade`);
    await levelsKeepOffTheCandles();
  }, 60_000);
});
