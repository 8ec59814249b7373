import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser, phone } from './browser';

/** A demo trader on a phone, on the simulated feed (BTCUSD trades every day). */
describe('trading in the browser', () => {
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

  it('buys at market, sees the position in holding with live P&L, and closes it into history', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: /demo/i }).first().tap();
    await page.waitForURL(`${server.url}/`);
    await page.locator('.product-row[data-code="BTCUSD"]').tap();
    await page.waitForURL(`${server.url}/trade`);
    await expect.poll(() => page.getByTestId('ticket-preview').innerText()).toMatch(/\d/);

    await page.locator('.ticket .btn.buy').tap();
    await page.getByTestId('order-placed').waitFor();
    await page.getByRole('link', { name: 'View orders' }).tap();
    await page.waitForURL(/\/order/);
    const row = page.locator('.order-row').first();
    await expect.poll(() => row.innerText()).toContain('BTC/USD');
    // The P&L moves with the pushes while the position is held.
    const profit = () => row.getByTestId('order-profit').innerText();
    const first = await profit();
    await expect.poll(profit, { timeout: 15_000 }).not.toBe(first);
    await expect.poll(() => page.getByTestId('order-summary').innerText()).toMatch(/%/);

    await row.tap();
    await page.getByTestId('order-detail').waitFor();
    await page.getByRole('button', { name: 'Close position' }).tap();
    await expect.poll(() => page.locator('.order-row').count()).toBe(0);
    await page.getByRole('link', { name: 'History' }).tap();
    await expect.poll(() => page.locator('.order-row').count()).toBe(1);
  });
});
