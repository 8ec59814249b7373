import { describe, expect, it } from 'vitest';
import { signInStaff, staffApi } from '../support/staff';
import { phoneApp } from './browser';

/** /product as the company directory: staff turn the main mode on and add a company; a visitor finds it. */
describe('company directory in the browser', () => {
  const app = phoneApp(() => ({ MARKET_FEED: 'off' }));

  async function asStaff() {
    const token = await signInStaff(app.server, 'admin');
    return (route: string, data: Record<string, unknown>) => staffApi(app.server.url)(route, data, token);
  }

  it('shows the product search until staff set the main mode, then companies by name with their detail', async () => {
    const { page } = app;
    await page.goto(`${app.server.url}/product`);
    await expect.poll(() => page.getByRole('searchbox').getAttribute('placeholder')).toMatch(/search/i);
    expect(await page.getByText('Companies').count()).toBe(0);

    const staff = await asStaff();
    for (const name of ['Northwind Markets Ltd', 'Contoso Capital']) {
      expect(await staff('/companies', {
        name, logo: '', url: `https://${name.split(' ')[0]!.toLowerCase()}.example`, subject: 'Brokerage', registered_address: '1 Harbour Road',
        location: 'Limassol', email: `info@${name.split(' ')[0]!.toLowerCase()}.example`, active: 1,
      })).toMatchObject({ code: 1 });
    }
    expect(await staff('/settings', { key: 'main_mode', value: 1 })).toMatchObject({ code: 1 });

    await page.reload();
    await page.getByRole('button', { name: 'Contoso Capital' }).waitFor();
    await page.getByRole('searchbox').fill('north');
    await expect.poll(() => page.getByRole('button', { name: /Contoso/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Northwind Markets Ltd' }).click();
    const sheet = page.getByRole('dialog', { name: 'Northwind Markets Ltd' });
    await sheet.getByText('1 Harbour Road').waitFor();
    expect(await sheet.getByRole('link', { name: 'https://northwind.example' }).getAttribute('rel')).toContain('noopener');
    expect(await sheet.getByText('Limassol').isVisible()).toBe(true);
    // The chosen company is remembered for three years, or as long as the browser allows (Chromium: 400 days).
    const cookie = (await page.context().cookies()).find((c) => c.name === 'company_id');
    expect(Number(cookie?.value)).toBeGreaterThan(0);
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 86_400_000);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => sheet.isVisible()).toBe(false);
  });
});
