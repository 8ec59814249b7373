import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { signInStaff, staffApi } from '../support/staff';
import { launchBrowser, phone } from './browser';
import { adminLogsIn } from './staff-page';

/**
 * Staff run the site from the back-office (desktop) while a demo trader trades on a phone (390x844),
 * on the simulated feed (BTCUSD trades every day): a fee type change reaches the trader's next
 * ticket, a trading pause refuses the trader's order with the staff's message.
 */
describe('back-office site settings reach the trader', () => {
  let server: TestServer;
  let browser: Browser | undefined;
  let staff: Page;
  let trader: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
    trader = await (await phone(browser)).newPage();
    for (const page of [staff, trader]) page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist'), MARKET_FEED: 'simulated' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await staff.screenshot({ path: `.test-results/e2e-${task.name.replace(/\W+/g, '-')}-staff.png` });
    await trader.screenshot({ path: `.test-results/e2e-${task.name.replace(/\W+/g, '-')}-trader.png` });
  });

  async function staffLogsIn() {
    await adminLogsIn(staff, server);
  }

  /** The trader's ticket for BTCUSD, opened afresh from the home list. */
  async function openTicket() {
    await trader.goto(`${server.url}/`);
    await trader.locator('.product-row[data-code="BTCUSD"]').tap();
    await trader.waitForURL(`${server.url}/trade`);
    await expect.poll(() => trader.getByTestId('ticket-preview').innerText()).toMatch(/\d/);
  }
  const previewAmount = async (label: string) => {
    const text = await trader.getByTestId('ticket-preview').locator(`dt:has-text("${label}") + dd`).innerText();
    return Number(text.replace(/[^\d.-]/g, ''));
  };

  it('staff change the fee type and the next ticket shows the fee as a share of the margin', async () => {
    await trader.goto(`${server.url}/login`);
    await trader.getByRole('button', { name: /demo/i }).first().tap();
    await trader.waitForURL(`${server.url}/`);
    await openTicket();
    // Fee type 1: lots times the rate (BTCUSD's fee rate is 10 a lot), whatever the margin.
    const lotsFee = await previewAmount('Estimated handling fee');
    expect(lotsFee).toBeGreaterThan(0);
    expect(lotsFee).not.toBeCloseTo((await previewAmount('Estimated margin')) * 10, 2);

    await staffLogsIn();
    await staff.getByRole('link', { name: 'Site settings' }).click();
    const row = staff.locator('tr[data-setting="trade_fee_type"]');
    await expect.poll(() => row.innerText()).toContain('Rate per lot');
    await row.getByRole('button', { name: 'Edit' }).click();
    await staff.getByLabel('Trading fee').selectOption({ label: 'Share of the margin' });
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => staff.getByTestId('notice').innerText()).toBe('Success');
    await expect.poll(() => row.innerText()).toContain('Share of the margin');

    // A product's field opens a form that says which product and which field it edits, and a
    // refused value names the field.
    await staff.getByRole('link', { name: 'Products' }).click();
    await staff.locator('tr[data-code="BTCUSD"]').getByRole('button', { name: /edit Leverages of BTCUSD/ }).click();
    await expect.poll(() => staff.locator('#editor-title').innerText()).toBe('BTC/USD: Leverages');
    // The form, opened above the list, has the keyboard; Escape closes it, and the focus goes back
    // to the field's button.
    await expect.poll(() => staff.evaluate(() => document.activeElement?.closest('.editor') !== null)).toBe(true);
    await staff.keyboard.press('Escape');
    await staff.locator('.editor').waitFor({ state: 'detached' });
    const editLeverages = staff.locator('tr[data-code="BTCUSD"]').getByRole('button', { name: /edit Leverages of BTCUSD/ });
    await expect.poll(() => editLeverages.evaluate((button) => button === document.activeElement)).toBe(true);
    await editLeverages.click();
    await staff.locator('.editor').getByLabel('Leverages').fill('0, 5');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => staff.getByTestId('notice').innerText()).toBe('Value is out of range');
    await staff.getByRole('button', { name: 'Cancel' }).click();
    // None at all is a value too: the product then takes no new order (spec section 5).
    const leverages = staff.locator('tr[data-code="BTCUSD"]').getByRole('button', { name: /edit Leverages of BTCUSD/ });
    const offered = await leverages.innerText();
    await leverages.click();
    await staff.locator('.editor').getByLabel('Leverages').fill('');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => staff.getByTestId('notice').innerText()).toBe('Success');
    expect(server.market.productByCode('BTCUSD')!.HasForexMultiple).toEqual([]);
    await leverages.click();
    await staff.locator('.editor').getByLabel('Leverages').fill(offered);
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => server.market.productByCode('BTCUSD')!.HasForexMultiple.length).toBeGreaterThan(0);

    await openTicket();
    // Fee type 2: the margin times the rate.
    await expect.poll(async () => {
      const [fee, margin] = [await previewAmount('Estimated handling fee'), await previewAmount('Estimated margin')];
      return Math.abs(fee - margin * 10) <= margin * 10 * 0.001;
    }, { timeout: 10_000 }).toBe(true);
  });

  it('a market staff hold closed says so on the open ticket at once, without a reload, and opens again', async () => {
    await openTicket();
    const buy = trader.locator('.ticket .btn.buy');
    await expect.poll(() => buy.innerText()).toMatch(/^buy/i);
    await trader.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    const admin = await signInStaff(server, 'admin');
    const hold = (value: number) => staffApi(server.url)('/products', { id: server.market.productByCode('BTCUSD')!.Id, field: 'market_status', value }, admin);
    expect(await hold(2)).toMatchObject({ code: 1 });
    // Still Buy, disabled (spec), and the reason under the buttons.
    await expect.poll(() => buy.isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(await buy.innerText()).toMatch(/^buy/i);
    expect(await trader.locator('.ticket .problem').first().innerText()).toBe('The market is closed');
    expect(await hold(0)).toMatchObject({ code: 1 });
    await expect.poll(() => buy.innerText(), { timeout: 10_000 }).toMatch(/^buy/i);
    expect(await trader.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('staff pause trading with a message and the trader\'s order is refused with it', async () => {
    await staff.getByRole('link', { name: 'Pauses' }).click();
    const trading = staff.locator('tr[data-scope="trading"]');
    await trading.getByRole('button', { name: 'Pause trading' }).click();
    await staff.getByRole('textbox', { name: 'Message', exact: true }).fill('Trading is back at 18:00');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => trading.innerText()).toContain('Paused');
    await expect.poll(() => trading.innerText()).toContain('Trading is back at 18:00');

    await openTicket();
    await trader.locator('.ticket .btn.buy').tap();
    await expect.poll(() => trader.locator('.toast').allInnerTexts()).toContain('Trading is back at 18:00');
    expect(await trader.getByTestId('order-placed').isVisible()).toBe(false);

    await trading.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => trading.innerText()).toContain('Running');
    await trader.locator('.ticket .btn.buy').tap();
    await trader.getByTestId('order-placed').waitFor();
  });

  it('staff close the whole site with a message: with no address to send traders to, orders are refused with it', async () => {
    const site = staff.locator('tr[data-scope="site"]');
    await site.getByRole('button', { name: 'Close the site' }).click();
    // The form asks for the message only, not for a raw state.
    expect(await staff.getByRole('textbox', { name: 'State' }).count()).toBe(0);
    await staff.getByRole('textbox', { name: 'Message', exact: true }).fill('Closed for an audit until Monday');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => site.innerText()).toContain('Closed for an audit until Monday');

    await trader.reload();
    await expect.poll(() => trader.getByTestId('pause-trading').innerText()).toBe('Closed for an audit until Monday');
    await trader.locator('.ticket .btn.buy').tap();
    await expect.poll(() => trader.locator('.toast').allInnerTexts()).toContain('Closed for an audit until Monday');

    await site.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => site.innerText()).not.toContain('Closed for an audit');
  });
});
