import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser, phone } from './browser';

/**
 * The live market on a phone, on the simulated feed. Crypto trades around the clock, so BTCUSD is
 * the row that must tick whatever the day the suite runs.
 */
describe('the live market in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist'), MARKET_FEED: 'simulated' });
    browser = await launchBrowser();
    page = await (await phone(browser)).newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: `.test-results/e2e-${task.name.replace(/\W+/g, '-')}.png` });
  });

  const btcPrice = () => page.locator('.product-row[data-code="BTCUSD"] [data-testid="price"]');
  /** Resolves once the text of `locator` differs from what it shows now. */
  async function ticks(read: () => Promise<string>) {
    const before = await read();
    await expect.poll(read, { timeout: 15_000 }).not.toBe(before);
  }

  it('shows every category and prices that tick', async () => {
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThanOrEqual(24);
    expect(await page.locator('.chips .chip').count()).toBeGreaterThanOrEqual(6);
    await page.locator('.product-row[data-code="BTCUSD"]').scrollIntoViewIfNeeded();
    await ticks(() => btcPrice().innerText());
  });

  it('opens /trade from a row, and loads other candles when the period changes', async () => {
    await page.locator('.product-row[data-code="BTCUSD"]').tap();
    await page.waitForURL(`${server.url}/trade`);
    await expect.poll(() => page.getByTestId('product-picker').innerText()).toContain('BTC/USD');
    await expect.poll(async () => Number(await page.getByTestId('chart').getAttribute('data-candles'))).toBeGreaterThan(100);
    await ticks(() => page.getByTestId('trade-price').innerText());

    const hourly = page.waitForResponse((r) => r.url().includes('/kline?') && r.url().includes('period=60min'));
    await page.getByRole('button', { name: '1H' }).tap();
    expect((await (await hourly).json()).data.length).toBeGreaterThan(100);
    await expect.poll(() => page.getByRole('button', { name: '1H' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Number(await page.getByTestId('chart').getAttribute('data-candles'))).toBeGreaterThan(100);
  });

  it('says so when the server is gone, and is live again when it is back', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('.product-row[data-code="BTCUSD"]').scrollIntoViewIfNeeded();
    await ticks(() => btcPrice().innerText());
    await expect(page.getByTestId('connection-banner').count()).resolves.toBe(0);

    await server.stopListening();
    await page.getByTestId('connection-banner').waitFor({ timeout: 10_000 });
    expect(await page.locator('.product-list.stale').count()).toBe(1);

    await server.resume();
    await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.locator('.product-list.stale').count()).toBe(0);
    await ticks(() => btcPrice().innerText());
  });
});
