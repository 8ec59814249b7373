import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { editProduct } from '../../server/market/product-edit';
import { rowsOf } from '../../server/platform/store/open';
import { phoneApp } from './browser';

// EURUSD on a replay: flat at 1.08500/1.08520 until 25 s, then 1.08900/1.08920 (through a TP at
// 1.088), then from 40 s 1.06000/1.06020 (deep enough to stop out a large buy). The first test's
// steps take about 10 s before the TP; the second buys within about 5 s of it.
const FLAT_UNTIL = 25_000;
const CRASH_AT = 40_000;
const quote = (t: number) =>
  t < FLAT_UNTIL ? [1.085, 1.0852] : t < CRASH_AT ? [1.089, 1.0892] : [1.06, 1.0602];
const replay = Array.from({ length: 140 }, (_, i) => {
  const t = i * 500;
  const [bid, ask] = quote(t);
  return JSON.stringify({ t, code: 'EURUSD', bid, ask });
}).join('\n');

async function replayFile(): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'replay-')), 'eurusd.jsonl');
  await fs.writeFile(file, replay);
  return file;
}

/** A demo trader on a phone, against a market replayed from a file. */
describe('trading on a replayed market', () => {
  const app = phoneApp(async () => ({ MARKET_FEED: `replay:${await replayFile()}` }));

  const ledger = async () => {
    const [row] = rowsOf<{ total: string; balance: string }>(await app.server.store.db.execute(sql`
      SELECT (SELECT sum(amount) FROM ledger)::text AS total, (SELECT sum(balance) FROM wallets)::text AS balance`));
    return { total: Number(row!.total), balance: Number(row!.balance) };
  };
  const buy = async (options: { lots?: string; tp?: string; pending?: string; margin?: string }) => {
    await app.page.goto(`${app.server.url}/trade`);
    await expect.poll(() => app.page.getByTestId('product-picker').innerText()).toContain('EUR/USD');
    if (options.pending) {
      await app.page.getByRole('button', { name: 'Pending', exact: true }).tap();
      await app.page.getByLabel('Pending price').fill(options.pending);
      // The buttons wait at the price typed, each with its side's live price beside it (ask to buy, bid to sell).
      for (const side of ['buy', 'sell']) {
        await expect.poll(() => app.page.locator(`.ticket .btn.${side} [data-testid="action-market"]`).innerText()).toMatch(/^Market price 1\.\d{5}$/);
      }
    }
    if (options.lots) await app.page.getByLabel('Lots').fill(options.lots);
    await app.page.getByLabel('Leverage').selectOption('100');
    if (options.tp) {
      await app.page.getByRole('checkbox', { name: 'Take profit' }).check();
      await app.page.getByRole('textbox', { name: 'Take profit' }).fill(options.tp);
    }
    if (options.margin) await expect.poll(() => app.page.getByTestId('ticket-preview').innerText()).toContain(options.margin);
    await app.page.locator('.ticket .btn.buy').tap();
    await app.page.getByTestId('order-placed').waitFor();
    await app.page.getByRole('button', { name: 'Close', exact: true }).tap();
  };
  const rows = () => app.page.locator('.order-row');
  const holdEurUsd = async (marketStatus: 0 | 2) => {
    const id = app.server.market.productByCode('EURUSD')!.Id;
    await app.server.store.db.transaction((tx) => editProduct(tx, { id, field: 'market_status', value: marketStatus }));
    await app.server.market.reloadCatalogue();
  };
  const sheetShare = async () => {
    await app.page.getByTestId('order-detail').waitFor();
    return app.page.evaluate(() => document.querySelector('dialog[open]')!.getBoundingClientRect().height / innerHeight);
  };

  it('buys, sets a TP on the holding, places and cancels a pending order, and the TP closes the position', async () => {
    await app.page.goto(`${app.server.url}/login`);
    await app.page.getByRole('button', { name: /demo/i }).first().tap();
    await app.page.waitForURL(`${app.server.url}/`);

    await buy({ lots: '1', margin: '1,085.2' }); // estimated at the ask: 100,000 x 1.0852 / 100
    await app.page.goto(`${app.server.url}/order?type=1`);
    // Bought at the ask 1.0852 and valued at the bid 1.0850: the spread, 20 USD, is the P&L.
    await expect.poll(() => rows().first().getByTestId('order-profit').innerText()).toContain('-20');
    await rows().first().tap();
    // The spec's height of a holding order's detail: 60 % of the screen.
    expect(await sheetShare()).toBeCloseTo(0.6, 2);
    // A level that is not a price is said, not sent as 0 (which would remove one set).
    await app.page.getByRole('textbox', { name: 'Take profit' }).fill('-1');
    await app.page.getByRole('button', { name: 'Save stop loss and take profit' }).tap();
    await expect.poll(() => app.page.getByTestId('order-detail').getByRole('alert').innerText()).toBe('Please enter a price above 0 for the stop-loss and take-profit');
    await app.page.getByRole('textbox', { name: 'Take profit' }).fill('1.088');
    await app.page.getByRole('button', { name: 'Save stop loss and take profit' }).tap();
    await expect.poll(() => app.page.getByRole('button', { name: 'Save stop loss and take profit' }).isEnabled()).toBe(true);
    // The server's word is said inside the sheet too: outside it, the page's toasts are inert to a
    // screen reader while the sheet is open. It is drawn there by CSS, so its words are on the page once.
    await expect.poll(() => app.page.locator('dialog[open]').getByRole('status').ariaSnapshot()).toContain('Stop-loss and take-profit saved');
    expect(await app.page.getByText('Stop-loss and take-profit saved').count()).toBe(1);
    await app.page.keyboard.press('Escape');
    await app.page.goto(`${app.server.url}/trade`);
    await expect.poll(() => app.page.locator('[data-level="tp"]').count()).toBe(1);
    await buy({ lots: '1', pending: '1.07' });
    // Its margin (100,000 x 1.07 / 100) and fee are held apart, and named on both account screens,
    // to 6 decimals as margin is (TRADING-RULES: margin 6 dp).
    const held = () => app.page.getByTestId('account-figures').locator('[data-figure="account.pendingHeld"]');
    await app.page.goto(`${app.server.url}/user`);
    await expect.poll(() => held().innerText()).toMatch(/Held for pending orders[\s\S]*1,075\.000000/);
    // Opened directly while its market is shut (a staff hold here: no ticks come), the pending order
    // still says its kind and the ask it would buy at, from the quotes list.
    await holdEurUsd(2);
    await app.page.goto(`${app.server.url}/order?type=0`);
    await expect.poll(() => held().innerText()).toMatch(/1,075\.000000/);
    await expect.poll(() => rows().first().innerText()).toMatch(/Buy limit[\s\S]*Trigger price\s*1\.07000[\s\S]*Market price\s*1\.08520/);
    await holdEurUsd(0);
    await rows().first().tap();
    // Any other order's detail: 38 %.
    expect(await sheetShare()).toBeCloseTo(0.38, 2);
    await app.page.getByRole('button', { name: 'Cancel order' }).tap();
    await expect.poll(() => rows().count()).toBe(0);
    await expect.poll(() => held().count()).toBe(0);

    await app.page.goto(`${app.server.url}/order?type=1`);
    await expect.poll(() => rows().count()).toBe(1);
    // The replay crosses 1.088 at 25 s: the position leaves holding by itself.
    await expect.poll(() => rows().count(), { timeout: 60_000 }).toBe(0);
    await app.page.getByRole('link', { name: 'History' }).tap();
    // Bought at 1.0852, closed at the triggering bid 1.0890: +380; the cancelled order is there too.
    await expect.poll(() => app.page.locator('.order-list').innerText()).toContain('380.00');
    // The cancelled order is named so, with the price it waited for, not shown as a trade.
    expect(await app.page.getByTestId('order-cancelled').innerText()).toBe('Cancelled');
    expect(await app.page.locator('.order-row', { has: app.page.getByTestId('order-cancelled') }).innerText()).toMatch(/Trigger price 1\.07000/);
    // Its detail too: the price it waited for and its status, none of a trade's figures (its margin and fee came back).
    await app.page.locator('.order-row', { has: app.page.getByTestId('order-cancelled') }).tap();
    const detail = app.page.getByTestId('order-detail');
    await expect.poll(() => detail.innerText()).toMatch(/Trigger price\s*1\.07000[\s\S]*Status\s*Cancelled/);
    expect(await detail.innerText()).not.toMatch(/Open price|Current price|Margin|Handling fee/);
    await app.page.keyboard.press('Escape');

    await app.page.goto(`${app.server.url}/mine/history`);
    // 10,000 - 5 fee + 380 = 10,375, and the ledger adds up to the balance.
    await expect.poll(() => app.page.getByTestId('history-balance').innerText()).toContain('10,375.00');
    // Trading's records to 6 decimals, as margin and profits are shown; money moved in to 2.
    const shown = await app.page.locator('.order-list .order-row').allInnerTexts();
    expect(shown.find((row) => row.startsWith('Demo funds'))).toMatch(/10,000\.00$/);
    expect(shown.filter((row) => /\.\d{6}$/.test(row)).length).toBeGreaterThanOrEqual(2);
    const { total, balance } = await ledger();
    expect(total).toBeCloseTo(balance, 6);
  }, 90_000);

  it('stops out a position that loses more than the balance, and the balance stays at 0', async () => {
    await buy({ lots: '9' }); // 9 lots at 1.0892: margin 9,802.80 + fee 45 of 10,375
    await app.page.goto(`${app.server.url}/order?type=3`);
    // At 40 s the price falls 300 pips: 27,000 USD of loss on 10,375 of equity.
    await expect.poll(() => app.page.locator('.order-list').innerText(), { timeout: 60_000 }).toContain('-26,');
    await app.page.goto(`${app.server.url}/user`);
    await expect.poll(() => app.page.getByTestId('balance').innerText()).toBe('0.00');
    const { total, balance } = await ledger();
    expect(balance).toBe(0);
    expect(total).toBeCloseTo(0, 6);
  }, 90_000);
});
