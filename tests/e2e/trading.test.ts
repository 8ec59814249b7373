import { describe, expect, it } from 'vitest';
import { phoneApp } from './browser';

/** A demo trader on a phone, on the simulated feed (BTCUSD trades every day). */
describe('trading in the browser', () => {
  const app = phoneApp(() => ({ MARKET_FEED: 'simulated' }));

  it('buys at market, sees the position in holding with live P&L, and closes it into history', async () => {
    await app.page.goto(`${app.server.url}/login`);
    await app.page.getByRole('button', { name: /demo/i }).first().tap();
    await app.page.waitForURL(`${app.server.url}/`);
    await app.page.locator('.product-row[data-code="BTCUSD"]').tap();
    await app.page.waitForURL(`${app.server.url}/trade`);
    await expect.poll(() => app.page.getByTestId('ticket-preview').innerText()).toMatch(/\d/);

    await app.page.locator('.ticket .btn.buy').tap();
    await app.page.getByTestId('order-placed').waitFor();
    await app.page.getByRole('link', { name: 'View orders' }).tap();
    await app.page.waitForURL(/\/order/);
    const row = app.page.locator('.order-row').first();
    await expect.poll(() => row.innerText()).toContain('BTC/USD');
    // The P&L moves with the pushes while the position is held.
    const profit = () => row.getByTestId('order-profit').innerText();
    const first = await profit();
    await expect.poll(profit, { timeout: 15_000 }).not.toBe(first);
    await expect.poll(() => app.page.getByTestId('order-summary').innerText()).toMatch(/%/);

    await row.tap();
    await app.page.getByTestId('order-detail').waitFor();
    await app.page.getByRole('button', { name: 'Close position' }).tap();
    await expect.poll(() => app.page.locator('.order-row').count()).toBe(0);
    await app.page.getByRole('link', { name: 'History' }).tap();
    await expect.poll(() => app.page.locator('.order-row').count()).toBe(1);
  });
});
