import path from 'node:path';
import { generateSync } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, ensureAdmin } from '../../server/backoffice/staff';
import type { Config } from '../../server/platform/config';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser } from './browser';

/** The back-office page of the built client (`npx vite build` first), on a desktop screen. */
describe('back-office in the browser', () => {
  let server: TestServer;
  let browser: Browser | undefined;
  let page: Page;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist') });
    api = client(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: `.test-results/e2e-${task.name.replace(/\W+/g, '-')}.png` });
  });

  /** A registered trader with a deposit of `amount` waiting for staff, as the funds suite makes one. */
  async function traderWithDeposit(email: string, amount: number) {
    expect(await api.form('/api/notify/send_email', { to: email, type: 1 })).toMatchObject({ code: 1 });
    const code = await server.lastCode(email);
    const registered = await api.form('/api/user/register', { type: 'email', account: email, password: 'secret123', re_password: 'secret123', sms_code: code! });
    expect(registered.code).toBe(1);
    const token = registered.data.token as string;
    const form = new FormData();
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366ff' } }).png().toBuffer();
    form.append('file', new Blob([png], { type: 'image/png' }), 'proof.png');
    const upload = await (await fetch(`${server.url}/api/common/image_upload`, { method: 'POST', headers: { authorization: token, lang: 'en' }, body: form })).json();
    const [network] = (await api.get('/api/quickCharge/info', {}, token)).data;
    expect(await api.get('/api/quickCharge/submit', { number: amount, proofImg: upload.data.url, address: network.address, charge_id: network.id }, token)).toMatchObject({ code: 1 });
    let pictures = 0;
    return { token, uid: registered.data.uid as string, id: Number(registered.data.id), proof: async () => {
      // Another picture each time: an identity's two sides must differ.
      const picture = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: pictures++, g: 0x33, b: 0x99 } } }).png().toBuffer();
      const again = new FormData();
      again.append('file', new Blob([picture], { type: 'image/png' }), 'id.png');
      return (await (await fetch(`${server.url}/api/common/image_upload`, { method: 'POST', headers: { authorization: token, lang: 'en' }, body: again })).json()).data.url as string;
    } };
  }

  /** A staff member's token over the API, for the steps the browser does not take. */
  async function staffToken(email: string, role: 'finance' | 'compliance') {
    const { secret } = await createStaff(server.store.db, email, 'staffpass1', role);
    const res = await staffPost('/auth/login', { email, password: 'staffpass1', otp: generateSync({ secret }) });
    expect(res.code).toBe(1);
    return { token: res.data.token as string, secret };
  }
  async function staffPost(url: string, body: Record<string, unknown>, token?: string) {
    const res = await api.raw(`/admin/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
    return res.json() as Promise<{ code: number; msg: string; data: any }>;
  }

  const balance = async (token: string) => (await api.get('/v1/api/main/wallet/getBalance', {}, token)).data as { balance: string };

  async function logIn(email: string, password: string, otp: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Authenticator code').fill(otp);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  it('finance logs in with a TOTP code, approves a waiting deposit, and the trader is credited', async () => {
    const trader = await traderWithDeposit('payer@example.com', 250);
    const { secret } = await createStaff(server.store.db, 'cashier@staff.example', 'staffpass1', 'finance');

    await page.goto(`${server.url}/admin/`);
    await logIn('cashier@staff.example', 'staffpass1', generateSync({ secret }));
    await expect.poll(() => page.getByTestId('who').innerText()).toMatch(/cashier@staff\.example[\s\S]*Finance/);
    // Finance sees its four screens, and lands on deposits.
    await expect.poll(() => page.getByRole('navigation', { name: 'Back-office screens' }).getByRole('link').allInnerTexts()).toEqual(['Deposits', 'Withdrawals', 'Adjustments', 'Traders']);
    await page.waitForURL(`${server.url}/admin/deposits`);
    // A screen the role does not open says so at its own address, instead of leading elsewhere without a word.
    await page.goto(`${server.url}/admin/audit`);
    await expect.poll(() => page.getByTestId('not-allowed').innerText()).toBe('Your role does not open Audit log: the menu shows the screens it opens.');
    await page.getByRole('link', { name: 'Deposits' }).click();
    // What waits is counted beside the menu, and the count follows the decisions.
    await expect.poll(() => page.getByTestId('waiting-deposits').innerText()).toBe('1');

    const row = page.locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain(trader.uid);
    const text = await row.innerText();
    expect(text).toContain('payer@example.com');
    // The language the trader asked in, which the reason for a decision is best written in.
    expect(text).toContain('language: English');
    // Credited in USD; the coin is how it was sent.
    expect(text).toMatch(/250\.00 USD\s+sent in USDT/);
    expect(text).toMatch(/waiting 0 h \d+ min/);
    expect(text).toMatch(/Not submitted/);
    // The proof is the signed link the API gave, shown as an image.
    await expect.poll(() => row.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

    // The queue narrows to one trader, and back to everyone.
    const search = page.getByLabel('Trader (ID, UID, email or phone)');
    await search.fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    await search.fill('payer@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => row.innerText()).toContain(trader.uid);
    await page.getByRole('button', { name: 'Everyone' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Everyone' }).count()).toBe(0);

    // The question keeps the keyboard: the page behind cannot take focus (past the last button it
    // goes to the browser's own controls, then back), Escape closes it wherever focus is, and focus
    // goes back to the button that opened it.
    const reject = row.getByRole('button', { name: 'Reject' });
    await reject.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog');
    await question.waitFor();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await question.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await reject.evaluate((b) => b === document.activeElement)).toBe(true);

    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toMatch(/Approve deposit #\d+ of 250/);
    await dialog.getByLabel(/Reference/).fill('bank-ref-77');
    await dialog.getByRole('button', { name: 'Yes, approve' }).click();
    await expect.poll(() => page.getByTestId('notice').innerText()).toContain('Success');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    // The decided row is gone: the keyboard is at the screen's heading, not thrown back to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Deposits');
    expect(await balance(trader.token)).toMatchObject({ balance: '250.000000' });
    await expect.poll(() => page.getByTestId('waiting-deposits').count()).toBe(0);

    // The credited deposit is under its status, and can no longer be decided.
    await page.getByLabel('Status').selectOption({ label: 'Credited' });
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain(trader.uid);
    // A decided row says who decided it and when, not that it is still waiting.
    const decided = await page.locator('tbody tr').first().innerText();
    expect(decided).toMatch(/decided by cashier@staff\.example at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, after 0 h \d+ min/);
    expect(decided).not.toContain('waiting');
    expect(await page.locator('tbody tr').first().getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // The trader look-up links to this trader's requests, the queue narrowed to them.
    await page.getByRole('link', { name: 'Traders' }).click();
    await page.getByLabel(/^User id, uid, email or phone/).fill('payer@example.com');
    await page.getByRole('search').getByRole('button', { name: 'Find' }).click();
    const found = page.getByTestId('trader-found');
    // Finance works on deposits and withdrawals, not identity.
    await expect.poll(() => found.getByRole('link').allInnerTexts()).toEqual(['Deposits of this trader', 'Withdrawals of this trader']);
    await found.getByRole('link', { name: 'Deposits of this trader' }).click();
    await page.waitForURL(/\/admin\/deposits\?trader=/);
    expect(await page.getByLabel('Trader (ID, UID, email or phone)').inputValue()).toBe(trader.uid);
    await page.getByLabel('Status').selectOption({ label: 'Credited' });
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

    // An adjustment names the trader as the queues do, here by email; it waits for a second member.
    await page.getByRole('link', { name: 'Adjustments' }).click();
    await page.getByLabel('Trader (ID, UID, email or phone)').fill('payer@example.com');
    await page.getByLabel('Amount').fill('12.5');
    await page.getByLabel('Reason').fill('Goodwill for a late deposit');
    await page.getByRole('button', { name: 'Request', exact: true }).click();
    await expect.poll(() => page.getByTestId('notice').first().innerText()).toContain('Success');
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain(trader.uid);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('You have logged out');
  });

  it('an admin not enrolled yet gets the QR code, logs in with its code, and sees staff and the audit log', async () => {
    await ensureAdmin(server.store.db, { adminEmail: 'root@staff.example', adminPassword: 'rootpass1', adminTotpSecret: undefined } as Config);
    expect(await api.form('/api/feedback', { text: 'The chart is slow on my phone' })).toMatchObject({ code: 1 });
    await page.goto(`${server.url}/admin/`);
    await logIn('root@staff.example', 'rootpass1', '');
    const enrolment = page.getByTestId('enrolment');
    await enrolment.getByRole('img', { name: 'Authenticator enrolment code' }).waitFor();
    const secret = (await enrolment.locator('code').innerText()).trim();
    await page.getByLabel('Authenticator code').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('who').innerText()).toMatch(/root@staff\.example[\s\S]*Admin/);
    // Feedback nobody has handled waits beside its screen, as the queues' requests do.
    await expect.poll(() => page.getByTestId('waiting-feedback').innerText()).toBe('1');
    // On a phone the menu is one row that scrolls sideways, and the page scrolls it away.
    await page.setViewportSize({ width: 390, height: 844 });
    const header = (await page.locator('header.top').boundingBox())!;
    expect(header.height).toBeLessThan(844 / 5);
    expect(await page.locator('header.top').evaluate((el) => getComputedStyle(el).position)).toBe('static');
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect.poll(() => page.locator('tbody').innerText()).toContain('staff.login');
    await page.getByLabel('Action').fill('deposit.approve');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').innerText()).toContain('cashier@staff.example');

    await page.getByRole('link', { name: 'Staff' }).click();
    await page.getByLabel('Email').fill('checker@staff.example');
    await page.getByLabel('Password').fill('checkpass1');
    await page.getByLabel('Role').selectOption('compliance');
    await page.getByRole('button', { name: 'Create' }).click();
    const created = page.getByTestId('new-staff-secret');
    await created.getByRole('img').waitFor();
    const newSecret = (await created.locator('code').innerText()).trim();
    await expect.poll(() => page.locator('tbody').innerText()).toContain('checker@staff.example');
    const checkerLogin = () => api.raw('/admin/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'checker@staff.example', password: 'checkpass1', otp: generateSync({ secret: newSecret }) }),
    }).then((r) => r.json());
    expect(await checkerLogin()).toMatchObject({ code: 1, data: { staff: { role: 'compliance' } } });

    // The admin's own row has no controls; another member's role and access change after a question.
    const own = page.locator('tbody tr', { hasText: 'root@staff.example' });
    expect(await own.getByRole('button').count()).toBe(0);
    const checker = page.locator('tbody tr', { hasText: 'checker@staff.example' });
    await checker.getByLabel('Set checker@staff.example as').selectOption('finance');
    const question = page.getByRole('dialog');
    await expect.poll(() => question.innerText()).toContain('Make checker@staff.example Finance?');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await checker.getByLabel('Set checker@staff.example as').inputValue()).toBe('compliance');
    await checker.getByLabel('Set checker@staff.example as').selectOption('finance');
    await question.getByRole('button', { name: 'Yes, change it' }).click();
    await expect.poll(() => checker.getByLabel('Set checker@staff.example as').inputValue()).toBe('finance');
    await checker.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => question.innerText()).toContain('Deactivate checker@staff.example?');
    await question.getByRole('button', { name: 'Yes, change it' }).click();
    await expect.poll(() => checker.getByRole('button', { name: 'Reactivate' }).count()).toBe(1);
    expect(await checkerLogin()).toMatchObject({ code: 0 });
  });

  it('a withdrawal above the four-eyes threshold is approved by one finance member and paid by another', async () => {
    const trader = await traderWithDeposit('saver@example.com', 3000);
    const cashier = await staffToken('first@staff.example', 'finance');
    const [deposit] = (await api.get('/admin/api/deposits', { status: 0 }, cashier.token)).data.data;
    expect(await staffPost('/deposits/approve', { id: deposit.id }, cashier.token)).toMatchObject({ code: 1 });
    expect(await api.form('/api/user_real/real_name', { name: 'Sam Lee', card_id: 'Z7654321', front_pic: await trader.proof(), reverse_pic: await trader.proof() }, trader.token)).toMatchObject({ code: 1 });
    const checker = await staffToken('kyc@staff.example', 'compliance');
    expect(await staffPost('/identity/approve', { user_id: trader.id }, checker.token)).toMatchObject({ code: 1 });
    const [currency] = (await api.get('/api/account/draw_symbol_list', { type: 1 }, trader.token)).data;
    expect(await api.form('/api/wallet/bind_draw_method', { draw_id: currency.id, type: 1, dc_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }, trader.token)).toMatchObject({ code: 1 });
    const [method] = (await api.get('/api/wallet/get_draw_method', { draw_type: 1 }, trader.token)).data;
    // A remark of one unbroken word (a pasted hash) must not push the row's buttons off the screen.
    const memo = `0x${'ab'.repeat(100)}`;
    expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 1500, draw_method_id: method.id, memo }, trader.token)).toMatchObject({ code: 1 });

    // The first finance member approves it in the browser: it waits for a second one.
    await page.goto(`${server.url}/admin/`);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    // The same member logged in over the API a moment ago: a code is taken once, so this is the next one.
    await logIn('first@staff.example', 'staffpass1', generateSync({ secret: cashier.secret, epoch: Date.now() / 1000 + 30 }));
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    const row = page.locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    expect(await row.innerText()).toMatch(/Two approvals[\s\S]*Verified/);
    // The address reads left to right as a wallet's form takes it, whatever letters it or its neighbours hold.
    expect(await row.locator('.destination bdi').last().getAttribute('dir')).toBe('ltr');
    const approve = row.getByRole('button', { name: 'Approve' });
    const box = (await approve.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await approve.click();
    // This approval pays nothing: it asks for no transaction hash.
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toMatch(/Approve withdrawal/);
    expect(await dialog.getByLabel('Transaction hash').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Yes, approve' }).click();
    await expect.poll(() => page.getByTestId('notice').innerText()).toContain('a second staff member must approve it before it is paid');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    // Under "approved" it shows, and this staff member may not approve it again.
    await page.getByLabel('Status').selectOption('approved');
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain('You approved it first');
    expect(await page.locator('tbody tr').first().getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await balance(trader.token)).toMatchObject({ balance: '1500.000000' });

    // A second finance member pays it.
    await page.getByRole('button', { name: 'Log out' }).click();
    const second = await createStaff(server.store.db, 'second@staff.example', 'staffpass1', 'finance');
    await logIn('second@staff.example', 'staffpass1', generateSync({ secret: second.secret }));
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    // The menu counts it as waiting for staff, and the status filter says under which status it is.
    await expect.poll(() => page.getByTestId('waiting-withdrawals').innerText()).toBe('1');
    const option = (status: string) => page.getByLabel('Status').locator(`option[value="${status}"]`).innerText();
    await expect.poll(() => option('approved')).toBe('Approved, second approval due (1)');
    expect(await option('waiting')).toBe('Waiting (0)');
    await page.getByLabel('Status').selectOption('approved');
    const approved = page.locator('tbody tr').first();
    await expect.poll(() => approved.innerText()).toContain('First approved by first@staff.example');
    await approved.getByRole('button', { name: 'Approve' }).click();
    // The approval that pays needs the payment's hash.
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, approve' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('alert').first().innerText()).toBe('Enter the transaction hash or bank reference of the payment');
    await page.getByRole('dialog').getByLabel('Transaction hash').fill('0xfeed01');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, approve' }).click();
    await expect.poll(() => page.getByTestId('notice').innerText()).toContain('Success');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    const paid = (await api.get('/api/account/draw_list', { type: 1, page: 1 }, trader.token)).data.data[0];
    expect(paid).toMatchObject({ status: 'paid' });
    expect(await api.get('/v1/api/main/wallet/getBalance', {}, trader.token)).toMatchObject({ data: { balance: '1500.000000', lock_balance: '0.000000' } });
  });

  it('approving an identity whose ID number another account has verified says so again in the question', async () => {
    const first = await traderWithDeposit('twin.one@example.com', 10);
    const second = await traderWithDeposit('twin.two@example.com', 10);
    for (const t of [first, second]) {
      const sides = { front_pic: await t.proof(), reverse_pic: await t.proof() };
      expect(await api.form('/api/user_real/real_name', { name: 'Kim Park', card_id: 'K1234567', ...sides }, t.token)).toMatchObject({ code: 1 });
    }
    const checker = await staffToken('twins@staff.example', 'compliance');
    expect(await staffPost('/identity/approve', { user_id: first.id }, checker.token)).toMatchObject({ code: 1 });

    await page.goto(`${server.url}/admin/`);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await logIn('twins@staff.example', 'staffpass1', generateSync({ secret: checker.secret, epoch: Date.now() / 1000 + 30 }));
    await page.getByRole('link', { name: 'Identity' }).click();
    const row = page.locator('tbody tr', { hasText: second.uid });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('note').innerText()).toBe(`Same ID number already verified on account #${first.id}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A refusal needs no such word.
    await row.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => dialog.innerText()).toContain('Reject');
    expect(await dialog.getByRole('note').count()).toBe(0);
  });
});
