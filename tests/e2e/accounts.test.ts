import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/platform/store/open';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser, phone } from './browser';

/** A person on a phone: the built client served by the real server, in Debian's chromium. */
describe('accounts in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    await server.reset();
    await context?.close();
    context = await phone(browser);
    page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });

  // A failed test leaves a screenshot of the phone's screen beside the reports.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: `.test-results/e2e-${task.name.replace(/\W+/g, '-')}.png` });
  });

  const open = (p: string) => page.goto(`${server.url}${p}`);
  const toast = () => page.locator('.toast').last();

  /** Registers on /register, or on the screen already open when `here`, and waits for `then`. */
  async function register(email: string, password: string, { here = false, then = '/' } = {}) {
    if (!here) await open('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).tap();
    await expect.poll(() => server.lastCode(email)).toMatch(/^\d{6}$/);
    await expect.poll(() => page.getByRole('button', { name: /Resend in \d+s/ }).isDisabled()).toBe(true);
    await page.getByLabel('Verification code').fill((await server.lastCode(email))!);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat password').fill(password);
    await page.getByRole('button', { name: 'Register', exact: true }).tap();
    await page.waitForURL(`${server.url}${then}`);
  }

  async function login(email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).tap();
  }

  it('registers with the emailed code, logs out, and logs in again', async () => {
    await register('ann@example.com', 'secret123');
    await open('/user');
    await expect.poll(() => page.getByText('ann@example.com').count()).toBe(1);
    // The UID a bank transfer's reference and support ask for.
    expect(await page.getByTestId('user-identity').innerText()).toMatch(/^ann@example\.com · UID \d+$/);
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('0.00');

    await open('/mine/system');
    await page.getByRole('button', { name: 'Log out' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).tap();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => toast().textContent()).toBe('Logged out');

    await open('/user');
    await page.waitForURL(/\/login\?from=%2Fuser$/);
    await login('ann@example.com', 'secret123');
    await page.waitForURL(`${server.url}/user`);
  });

  it('keeps a long email within a phone\'s width, and leads to the news from the user centre', async () => {
    const email = 'a.very.long.trader.name.for.testing.overflow@subdomain.example-broker.com';
    await register(email, 'secret123');
    await open('/user');
    await expect.poll(() => page.getByTestId('user-identity').innerText()).toContain(email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'News' }).tap();
    await page.waitForURL(`${server.url}/news`);
  });

  it('changes the password with an emailed code, says so once, and goes back to the user centre', async () => {
    await register('dan@example.com', 'secret123');
    await open('/user');
    await page.getByRole('link', { name: 'Change password' }).tap();
    await page.waitForURL(`${server.url}/mine/password`);
    await page.getByRole('button', { name: 'Send code' }).tap();
    await expect.poll(() => server.lastCode('dan@example.com')).toMatch(/^\d{6}$/);
    await page.getByLabel('New password').fill('newsecret1');
    await page.getByLabel('Repeat password').fill('newsecret1');
    await page.getByLabel('Verification code').fill((await server.lastCode('dan@example.com'))!);
    await page.getByRole('button', { name: 'Change password' }).tap();
    await page.waitForURL(`${server.url}/user`);
    await expect.poll(() => toast().textContent()).toBe('Your password has been changed');
    expect(await page.locator('.toast', { hasText: 'Your password has been changed' }).count()).toBe(1);
    // Still signed in here; the new password opens the account elsewhere.
    await expect.poll(() => page.getByText('dan@example.com').count()).toBe(1);
    // Back to /user, not forward to a second one: Back now leaves it.
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
  });

  it('says the same thing for a wrong password, and checks the fields first', async () => {
    await register('bob@example.com', 'secret123');
    await open('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).tap();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter your email');
    await page.getByLabel('Email').fill('bob@example.com');
    await page.getByRole('button', { name: 'Log in', exact: true }).tap();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter password');
    await login('bob@example.com', 'wrong-one');
    await expect.poll(() => toast().textContent()).toBe('Wrong email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('opens a demo account with 10,000 USD, kept for this device', async () => {
    // Every connection banner the page shows, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { banners: string[] }).banners = []);
      new MutationObserver(() => {
        const text = document.querySelector('.conn-banner')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true });
    });
    await open('/login');
    await expect.poll(() => page.evaluate(() => document.querySelector('.product-row, form') !== null)).toBe(true);
    await page.waitForTimeout(500); // the visitor's socket is live
    await page.getByRole('button', { name: 'Try a demo account' }).tap();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
    // The socket logs in again with the new account: nothing was lost, so no banner says so.
    expect(await page.evaluate(() => (window as unknown as { banners: string[] }).banners)).toEqual([]);
    await open('/user');
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('10,000.00');
    await expect.poll(() => page.getByText('Demo', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Change password' }).tap();
    await expect.poll(() => toast().textContent()).toBe('Please register or log in to a real account');
    // Said once, by the toast: the page's own ways to a real account are its buttons.
    expect(await page.getByText('Please register or log in to a real account').count()).toBe(1);
    // A real-only screen opened directly says the same, with the way to a real account.
    await open('/mine/withdraw');
    await page.getByText('Please register or log in to a real account').waitFor();
    // Titled as the screen it stands for.
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Withdraw');
    // Both ways the message names: register, or log in.
    await page.getByRole('link', { name: 'Register', exact: true }).tap();
    // A new real account comes back here too.
    await page.waitForURL(`${server.url}/register?from=%2Fmine%2Fwithdraw`);
    await open('/mine/withdraw');
    await page.getByRole('link', { name: 'Log in to a real account' }).tap();
    // And back to the screen after logging in.
    await page.waitForURL(`${server.url}/login?from=%2Fmine%2Fwithdraw`);
    const rows = rowsOf<{ n: number }>(await server.store.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE is_demo`));
    expect(rows[0]!.n).toBe(1);
  });

  it('sends an expired session to /login?from=... and back after login', async () => {
    await register('cat@example.com', 'secret123');
    await server.store.db.execute(sql`DELETE FROM sessions`);
    await open('/user');
    await page.waitForURL(/\/login\?from=%2Fuser$/);
    await login('cat@example.com', 'secret123');
    await page.waitForURL(`${server.url}/user`);
    await expect.poll(() => page.getByText('cat@example.com').count()).toBe(1);
  });

  it('leaves a visitor whose kept session ended on the public screens, logged out, as spec section 8 says of an initial call', async () => {
    await register('fox@example.com', 'secret123');
    await server.store.db.execute(sql`DELETE FROM sessions`);
    for (const route of ['/', '/trade', '/rank']) {
      await open(route);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('td.session'))).toBeNull();
      await page.waitForTimeout(500);
      expect(page.url()).toBe(`${server.url}${route}`);
    }
    await open('/');
    await expect.poll(() => page.getByTestId('account-link').getAttribute('href')).toBe('/login');
  });

  it('returns to the screen that asked for a login when the visitor registers from the login screen instead', async () => {
    await open('/');
    await page.locator('.tabbar').getByRole('link', { name: 'Orders' }).tap();
    await page.waitForURL(/\/login\?from=%2Forder$/);
    await page.getByRole('link', { name: 'Register' }).tap();
    await page.waitForURL(/\/register\?from=%2Forder$/);
    await register('gus@example.com', 'secret123', { here: true, then: '/order' });
  });

  it('opens an invite link of the family\'s form followed while the app is already open', async () => {
    await open('/news');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => { location.hash = '#/register?invite_code=HX12CD34'; });
    await page.waitForURL(`${server.url}/register?invite_code=HX12CD34`);
    await expect.poll(() => page.getByLabel('Invite code').inputValue()).toBe('HX12CD34');
  });

  it('keeps back buttons in the app after going forward and back, and follows no other host after login', async () => {
    // An invite link as the first page: to the login and back, then back again goes home, not out.
    await open('/#/register?invite_code=AB12CD34');
    await page.getByRole('link', { name: 'Log in' }).first().tap();
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Back' }).tap();
    await page.waitForURL(/\/register/);
    await page.getByRole('button', { name: 'Back' }).tap();
    await page.waitForURL(`${server.url}/`);

    // A return path a browser reads as another host is not followed: home, and no false error.
    await register('dot@example.com', 'secret123');
    await page.evaluate(() => localStorage.clear());
    await open(`/login?from=${encodeURIComponent('/\\evil.example')}`);
    await login('dot@example.com', 'secret123');
    await page.waitForURL(`${server.url}/`);
  });

  it('ends the session on screen when it was logged out elsewhere, without waiting for a tap', async () => {
    await register('eve@example.com', 'secret123');
    await open('/order');
    await page.getByText('No data').first().waitFor();
    const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem('td.session')!) as { token: string });
    // Another device logs the token out: the server closes its socket, the app's login is refused.
    const answer = await fetch(`${server.url}/api/user/logout`, { method: 'POST', headers: { authorization: token } });
    expect(((await answer.json()) as { code: number }).code).toBe(1);
    await page.waitForURL(/\/login\?from=%2Forder/, { timeout: 15_000 });
    await expect.poll(() => toast().textContent()).toBe('Please log in again');
  });

  it('follows a logout in another tab: a public screen stays, logged out; a screen that needs login asks for it', async () => {
    await register('tabs@example.com', 'secret123');
    const chart = await context.newPage();
    const orders = await context.newPage();
    await chart.goto(`${server.url}/trade`);
    await orders.goto(`${server.url}/order`);
    await orders.getByText('No data').first().waitFor();
    await open('/mine/system');
    await page.getByRole('button', { name: 'Log out' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).tap();
    await page.waitForURL(`${server.url}/`);
    await orders.waitForURL(/\/login\?from=%2Forder$/);
    // The chart's tab was not thrown out, nor told its session expired.
    await chart.waitForTimeout(2000);
    expect(new URL(chart.url()).pathname).toBe('/trade');
    expect(await chart.getByText('Please log in again').count()).toBe(0);
    await chart.close();
    await orders.close();
  });

  it('switches to Arabic and lays the page out right to left', async () => {
    await open('/language');
    await page.locator('[data-lang="ar"]').tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await open('/login');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.getByRole('heading').textContent()).not.toBe('Log in');
    // The chart keeps time running left to right.
    await open('/trade');
    await page.getByTestId('chart').waitFor({ state: 'attached' });
    expect(await page.getByTestId('chart').evaluate((chart) => getComputedStyle(chart).direction)).toBe('ltr');
    // The code field shows its whole placeholder beside the countdown, which takes two lines instead.
    await open('/register');
    await page.locator('input[name="account"]').fill('rtl@example.com');
    await page.getByRole('button', { name: 'إرسال الرمز' }).tap();
    await expect.poll(() => server.lastCode('rtl@example.com')).toMatch(/^\d{6}$/);
    const code = page.locator('input[autocomplete="one-time-code"]');
    await expect.poll(() => code.locator('xpath=following-sibling::button').isDisabled()).toBe(true);
    const room = await code.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      return input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context.measureText(input.placeholder).width;
    });
    expect(room).toBeGreaterThanOrEqual(0);
  });
});
