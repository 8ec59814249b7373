import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { createStaff } from '../../server/backoffice/staff';
import type { TestServer } from '../support/server';

/** A new admin logs into the back-office on `page` with password and TOTP, as a person would. */
export async function adminLogsIn(page: Page, server: TestServer, email = 'boss@staff.example') {
  const { secret } = await createStaff(server.store.db, email, 'staffpass1', 'admin');
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('staffpass1');
  await page.getByLabel('Authenticator code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('who').waitFor();
}
