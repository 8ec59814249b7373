import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser } from './browser';
import { adminLogsIn } from './staff-page';

/** An admin adds, refuses a twin of, and closes an area code on the Area codes screen; traders' list follows. */
describe('back-office area codes', () => {
  let server: TestServer;
  let browser: Browser | undefined;
  let staff: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
    staff.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist') });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await staff.screenshot({ path: `.test-results/e2e-${task.name.replace(/\W+/g, '-')}-staff.png` });
  });

  const traderAreas = async () => (await client(server.url).get<{ code: string; global_code: string }[]>('/api/default/area_list')).data;

  it('adds an area traders see at once, refuses a second of it with the reason, and an inactive one leaves their list', async () => {
    await adminLogsIn(staff, server);

    await staff.getByRole('link', { name: 'Area codes' }).click();
    await expect.poll(() => staff.locator('tbody tr').count()).toBeGreaterThan(20);
    const add = async () => {
      await staff.getByRole('button', { name: 'Add an area code' }).click();
      await staff.getByLabel('Code', { exact: true }).fill('nz');
      await staff.getByLabel('Dialling code').fill('64');
      await staff.getByRole('button', { name: 'Save' }).click();
    };
    await add();
    await expect.poll(() => staff.getByTestId('notice').innerText()).toBe('Success');
    const row = staff.locator('tbody tr', { hasText: '+64' });
    await expect.poll(() => row.innerText()).toContain('NZ');
    expect(await traderAreas()).toContainEqual(expect.objectContaining({ code: 'NZ', global_code: '64' }));

    await add();
    await expect.poll(() => staff.getByTestId('notice').innerText()).toBe('This area code is already listed');
    await staff.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Edit' }).click();
    await staff.getByLabel('Active').selectOption({ label: 'No' });
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.innerText()).toContain('No');
    expect((await traderAreas()).map((a) => a.code)).not.toContain('NZ');

    await row.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => staff.locator('tbody tr', { hasText: '+64' }).count()).toBe(0);
  });
});
