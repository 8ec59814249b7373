import { describe, expect, it } from 'vitest';
import { phoneApp } from './browser';

/** Dark mode: the system's by default, or the trader's choice in /user, kept on the device. */
describe('theme in the browser', () => {
  const app = phoneApp(() => ({ MARKET_FEED: 'off' }));
  const background = () => app.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const theme = () => app.page.evaluate(() => document.documentElement.dataset.theme ?? 'system');

  it('follows the system, and a choice in /user applies at once and stays after a reload', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${app.server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).tap();
    await page.waitForURL(`${app.server.url}/`);
    await page.goto(`${app.server.url}/user`);
    const choice = page.getByLabel('Appearance');
    await expect.poll(() => choice.inputValue()).toBe('system');
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    const systemDark = await background();
    expect(systemDark).not.toBe(light);

    // The trader picks light while the system is dark: light it is, and after a reload too.
    await choice.selectOption('light');
    expect(await background()).toBe(light);
    await page.reload();
    await expect.poll(() => theme()).toBe('light');
    expect(await background()).toBe(light);

    // Dark while the system is light.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel('Appearance').selectOption('dark');
    expect(await background()).toBe(systemDark);
    await page.getByLabel('Appearance').selectOption('system');
    expect(await background()).toBe(light);
  });
});
