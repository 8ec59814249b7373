import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser, phone } from './browser';
import { adminLogsIn } from './staff-page';

/**
 * Staff switch registration to mobile in the back-office (desktop); a trader on a phone (390x844)
 * registers with area, number and the texted code read from the SMS outbox, logs out, and logs in
 * again by phone number; a forgotten password is reset with a texted code.
 */
describe('registration by mobile in the browser', () => {
  let server: TestServer;
  let browser: Browser | undefined;
  let staff: Page;
  let trader: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
    trader = await (await phone(browser)).newPage();
    for (const page of [staff, trader]) page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist') });
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

  async function staffSwitchToMobile() {
    await adminLogsIn(staff, server);
    await staff.getByRole('link', { name: 'Site settings' }).click();
    const row = staff.locator('tr[data-setting="verify_reg_type"]');
    await expect.poll(() => row.innerText()).toContain('Email code');
    await row.getByRole('button', { name: 'Edit' }).click();
    await staff.getByLabel('Registration verified by').selectOption({ label: 'Mobile code' });
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => staff.getByTestId('notice').innerText()).toBe('Success');
    await expect.poll(() => row.innerText()).toContain('Mobile code');
  }

  it('staff switch to mobile; a trader registers with the texted code, logs out and logs in by phone', async () => {
    await staffSwitchToMobile();

    await trader.goto(`${server.url}/register`);
    // Mode 1: area and number instead of the email.
    await trader.getByLabel('Area code').selectOption({ label: 'GB +44' });
    expect(await trader.getByLabel('Email').count()).toBe(0);
    await trader.getByLabel('Mobile number').fill('07700900123');
    // The area picker is a field like the number beside it, not a thin strip (a touch target).
    const heightOf = async (label: string) => (await trader.getByLabel(label).boundingBox())!.height;
    expect(await heightOf('Area code')).toBe(await heightOf('Mobile number'));
    await trader.getByRole('button', { name: 'Send code' }).tap();
    await expect.poll(() => server.lastSms('+447700900123')).toMatch(/^\d{6}$/);
    await expect.poll(() => trader.getByRole('button', { name: /Resend in \d+s/ }).isDisabled()).toBe(true);
    await trader.getByLabel('Verification code').fill((await server.lastSms('+447700900123'))!);
    await trader.getByLabel('Password', { exact: true }).fill('secret123');
    await trader.getByLabel('Repeat password').fill('secret123');
    await trader.getByRole('button', { name: 'Register', exact: true }).tap();
    await trader.waitForURL(`${server.url}/`);

    await trader.goto(`${server.url}/mine/system`);
    await trader.getByRole('button', { name: 'Log out' }).tap();
    await trader.getByRole('dialog').getByRole('button', { name: 'Log out' }).tap();
    await trader.waitForURL(`${server.url}/`);

    await trader.goto(`${server.url}/user`);
    await trader.waitForURL(/\/login\?from=%2Fuser$/);
    await trader.getByRole('button', { name: 'With mobile number' }).tap();
    await trader.getByLabel('Area code').selectOption({ label: 'GB +44' });
    await trader.getByLabel('Mobile number').fill('7700900123');
    await trader.getByLabel('Password').fill('secret123');
    await trader.getByRole('button', { name: 'Log in', exact: true }).tap();
    await trader.waitForURL(`${server.url}/user`);
    await expect.poll(() => trader.getByTestId('balance').textContent()).toBe('0.00');
    // The user centre names an account without email by its number.
    await expect.poll(() => trader.getByText('07700900123').count()).toBe(1);
  });

  it('a trader made by mobile resets a forgotten password with a texted code', async () => {
    await server.settings.set('basic_info', { ...server.settings.get('basic_info'), verify_reg_type: 3 });
    const api = client(server.url);
    const gb = (await api.get<{ id: number; code: string }[]>('/api/default/area_list')).data.find((a) => a.code === 'GB')!.id;
    await api.form('/api/notify/send_sms', { to: '7700900777', area_id: gb, type: 1 });
    const registered = await api.form('/api/user/register', {
      type: 'mobile', area_id: gb, mobile: '7700900777', password: 'secret123', re_password: 'secret123', sms_code: (await server.lastSms('+447700900777'))!,
    });
    expect(registered.code).toBe(1);

    // A visitor's phone: nobody signed in.
    trader = await (await phone(browser!)).newPage();
    trader.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await trader.goto(`${server.url}/forgot`);
    await trader.getByRole('button', { name: 'With mobile number' }).tap();
    await trader.getByLabel('Area code').selectOption({ label: 'GB +44' });
    await trader.getByLabel('Mobile number').fill('7700900777');
    await trader.getByRole('button', { name: 'Send code' }).tap();
    // The countdown starts once the server answered, and it writes the text before it answers.
    await expect.poll(() => trader.getByRole('button', { name: /Resend in \d+s/ }).isDisabled()).toBe(true);
    await trader.getByLabel('New password').fill('newsecret1');
    await trader.getByLabel('Repeat password').fill('newsecret1');
    await trader.getByLabel('Verification code').fill((await server.lastSms('+447700900777'))!);
    await trader.getByRole('button', { name: 'Reset password' }).tap();
    await trader.waitForURL(`${server.url}/login`);

    await trader.getByRole('button', { name: 'With mobile number' }).tap();
    await trader.getByLabel('Area code').selectOption({ label: 'GB +44' });
    await trader.getByLabel('Mobile number').fill('7700900777');
    await trader.getByLabel('Password').fill('newsecret1');
    await trader.getByRole('button', { name: 'Log in', exact: true }).tap();
    await trader.waitForURL(`${server.url}/`);
  });
});
