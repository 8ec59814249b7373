import path from 'node:path';
import { generateSync } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../server/backoffice/staff';
import type { Config } from '../../server/platform/config';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser, phone } from './browser';

/**
 * Real money end to end: a new trader on a phone (390x844) funds the account, trades, binds a TRC20
 * address, gets identity verified and withdraws, while staff decide every request in the back-office
 * (each staff member in a browser context of their own). The steps run in order on one server; the
 * API is used only to check what the screens say against the ledger.
 */
describe('real money in the browser', () => {
  let server: TestServer;
  let browser: Browser | undefined;
  let trader: Page;
  const staffPages: Record<string, Page> = {};
  let api: ReturnType<typeof client>;
  let token: string;

  const ADMIN = { email: 'root@staff.example', password: 'rootpass1', secret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD' };
  const TRADER = { email: 'rita@example.com', password: 'secret123', name: 'Rita Moreno', card: 'X1234567' };
  const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  // A base58 TRC20 address with its last character changed: the checksum no longer holds.
  const BAD_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF';

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist'), MARKET_FEED: 'simulated' });
    // What `npm start` does with ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_TOTP_SECRET.
    await ensureAdmin(server.store.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, adminTotpSecret: ADMIN.secret } as Config);
    api = client(server.url);
    trader = await (await phone(browser)).newPage();
    trader.on('pageerror', (error) => console.error(`page error (trader): ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const name = task.name.replace(/\W+/g, '-');
    await trader.screenshot({ path: `.test-results/e2e-funds-${name}.png` });
    for (const [who, page] of Object.entries(staffPages)) await page.screenshot({ path: `.test-results/e2e-funds-${name}-${who}.png` });
  });

  const open = (p: string) => trader.goto(`${server.url}${p}`);
  const toast = () => trader.locator('.toast').last();
  const png = (background: string) => sharp({ create: { width: 24, height: 16, channels: 3, background } }).png().toBuffer();
  const image = async (name: string, background: string) => ({ name, mimeType: 'image/png', buffer: await png(background) });
  /** The trader's amounts as the API answers them. */
  const wallet = async () => (await api.get('/v1/api/main/wallet/getBalance', {}, token)).data as { balance: string; lock_balance: string };
  /** Taps a menu entry of /user, as a person reaches each screen. */
  async function fromUser(label: string) {
    await open('/user');
    await trader.getByRole('link', { name: label, exact: true }).tap();
  }

  /** A staff member's own desktop browser, logged in with password and authenticator code. */
  async function staffLogin(who: string, email: string, password: string, secret: string) {
    const page = await (await browser!.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
    page.on('pageerror', (error) => console.error(`page error (${who}): ${error.message}`));
    staffPages[who] = page;
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Authenticator code').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('who').innerText()).toContain(email);
    return page;
  }

  /** Opens a row's approve or reject question, writes its note, and says yes. */
  async function decide(page: Page, rowText: string | RegExp, decision: 'Approve' | 'Reject', note?: { label: string | RegExp; value: string }) {
    const row = page.locator('tbody tr', { hasText: rowText }).first();
    await row.waitFor();
    await row.getByRole('button', { name: decision }).click();
    const dialog = page.getByRole('dialog');
    if (note) await dialog.getByLabel(note.label).fill(note.value);
    await dialog.getByRole('button', { name: decision === 'Approve' ? 'Yes, approve' : 'Yes, reject' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const secrets: Record<string, string> = {};

  it('an admin creates two finance staff and a compliance officer in the back-office', async () => {
    const admin = await staffLogin('admin', ADMIN.email, ADMIN.password, ADMIN.secret);
    await admin.getByRole('link', { name: 'Staff' }).click();
    for (const [email, role] of [['cashier@staff.example', 'finance'], ['checker@staff.example', 'finance'], ['kyc@staff.example', 'compliance']] as const) {
      await admin.getByLabel('Email').fill(email);
      await admin.getByLabel('Password').fill('staffpass1');
      await admin.getByLabel('Role').selectOption(role);
      await admin.getByRole('button', { name: 'Create' }).click();
      const created = admin.getByTestId('new-staff-secret');
      await created.getByRole('img').waitFor();
      secrets[email] = (await created.locator('code').innerText()).trim();
      await created.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => admin.locator('tbody').innerText()).toContain(email);
    }
  });

  it('a new trader registers and sends a USDT TRC20 deposit with a proof image', async () => {
    await open('/register');
    await trader.getByLabel('Email').fill(TRADER.email);
    await trader.getByRole('button', { name: 'Send code' }).tap();
    await expect.poll(() => server.lastCode(TRADER.email)).toMatch(/^\d{6}$/);
    await trader.getByLabel('Verification code').fill((await server.lastCode(TRADER.email))!);
    await trader.getByLabel('Password', { exact: true }).fill(TRADER.password);
    await trader.getByLabel('Repeat password').fill(TRADER.password);
    await trader.getByRole('button', { name: 'Register', exact: true }).tap();
    await trader.waitForURL(`${server.url}/`);
    token = await trader.evaluate(() => {
      for (const store of [localStorage, sessionStorage]) {
        for (let i = 0; i < store.length; i++) {
          const match = /"token":"([^"]+)"/.exec(store.getItem(store.key(i)!) ?? '');
          if (match) return match[1]!;
        }
      }
      return '';
    });
    expect(token).not.toBe('');

    await fromUser('Deposit');
    await trader.waitForURL(/\/mine\/charge/);
    // The example channel of a fresh start: USDT on TRC20, its address shown to copy.
    const network = trader.getByRole('button', { name: 'USDT · TRC20' });
    await expect.poll(() => network.getAttribute('aria-pressed')).toBe('true');
    const [channel] = (await api.get('/api/quickCharge/info', {}, token)).data;
    await expect.poll(() => trader.locator('.card').first().innerText()).toContain(channel.address);

    await trader.getByLabel('Amount (USD)').fill('3000');
    await trader.getByLabel('Transaction hash (optional)').fill('a1b2c3d4e5f6');
    await trader.locator('input[type=file]').setInputFiles(await image('proof.png', '#3366ff'));
    await expect.poll(() => trader.locator('.upload-tile[data-uploaded] img').count()).toBe(1);
    await trader.getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(() => toast().textContent()).toMatch(/./);
    const row = trader.locator('.record-row').first();
    // In USD, as the form asked; the coin it travelled as beside its time.
    await expect.poll(() => row.innerText()).toMatch(/^3,000\.00 USD[\s\S]*Under review[\s\S]* · USDT$/);

    // The tab shown is in the address: a reload opens it again.
    await trader.getByRole('button', { name: 'Bank transfer' }).tap();
    await trader.waitForURL(/\/mine\/charge\?type=1$/);
    await trader.reload();
    await expect.poll(() => trader.getByRole('button', { name: 'Bank transfer' }).getAttribute('aria-pressed')).toBe('true');
    await trader.getByRole('button', { name: 'Crypto' }).tap();
    await trader.waitForURL(/\/mine\/charge$/);
  });

  it('finance approves the deposit and the trader\'s wallet shows it without a reload', async () => {
    await fromUser('Wallet');
    const balance = trader.getByTestId('wallet-balance');
    await expect.poll(() => balance.innerText()).toMatch(/^[\s\S]*0\.00/);
    await trader.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    // The user centre, open in a second tab, keeps its balance by the same pushes.
    const centre = await trader.context().newPage();
    await centre.goto(`${server.url}/user`);
    await expect.poll(() => centre.getByTestId('balance').innerText()).toBe('0.00');

    const cashier = await staffLogin('cashier', 'cashier@staff.example', 'staffpass1', secrets['cashier@staff.example']!);
    await expect.poll(() => cashier.locator('tbody tr').first().innerText()).toContain(TRADER.email);
    expect(await cashier.locator('tbody tr').first().innerText()).toMatch(/3,000\.00/);
    // Staff confirm the transfer the trader named (another reference would be refused: one deposit, one transfer).
    await decide(cashier, TRADER.email, 'Approve', { label: /Reference/, value: 'A1B2C3D4E5F6' });
    await expect.poll(() => cashier.getByTestId('notice').innerText()).toContain('Success');

    // Pushed, not reloaded: the page is the same one.
    await expect.poll(() => balance.locator('.balance').innerText(), { timeout: 10_000 }).toBe('3,000.00');
    expect(await trader.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect.poll(() => centre.getByTestId('balance').innerText(), { timeout: 10_000 }).toBe('3,000.00');
    await centre.close();
    expect(await wallet()).toMatchObject({ balance: '3000.000000', lock_balance: '0.000000' });
  });

  it('the trader buys BTC/USD and closes the position', async () => {
    await open('/');
    await trader.locator('.product-row[data-code="BTCUSD"]').tap();
    await trader.waitForURL(`${server.url}/trade`);
    await expect.poll(() => trader.getByTestId('ticket-preview').innerText()).toMatch(/\d/);
    await trader.locator('.ticket .btn.buy').tap();
    await trader.getByTestId('order-placed').waitFor();
    await trader.getByRole('link', { name: 'View orders' }).tap();
    const row = trader.locator('.order-row').first();
    await expect.poll(() => row.innerText()).toContain('BTC/USD');
    await row.tap();
    await trader.getByTestId('order-detail').waitFor();
    await trader.getByRole('button', { name: 'Close position' }).tap();
    // Closing asks first, then tells the realised P&L.
    await trader.locator('dialog[open]').getByRole('button', { name: 'Close position' }).tap();
    await trader.getByTestId('order-settled').getByRole('button', { name: 'Close' }).tap();
    await expect.poll(() => trader.locator('.order-row').count()).toBe(0);
    // The trade moved the balance: opened and closed, it is no longer exactly the deposit.
    await expect.poll(async () => (await wallet()).balance).not.toBe('3000.000000');
  });

  it('binds a TRC20 address, refused first with a broken checksum', async () => {
    await fromUser('Wallet');
    await trader.getByRole('link', { name: 'Coin addresses' }).tap();
    await expect.poll(() => trader.getByText('Nothing bound yet').count()).toBe(1);
    expect(await trader.getByRole('link', { name: 'Add payout method' }).getAttribute('href')).toBe('/mine/withdraw-way?type=1');
    // Opened straight from a link (no page of the app behind it), binding still ends on the list.
    await open('/mine/withdraw-way?type=1');
    await trader.getByRole('button', { name: 'USDT · TRC20' }).tap();
    await trader.getByLabel('Coin address').fill(BAD_ADDRESS);
    await trader.getByRole('button', { name: 'Bind' }).tap();
    await expect.poll(() => toast().textContent()).toMatch(/address/i);
    expect((await api.get('/api/wallet/get_draw_method', { draw_type: 1 }, token)).data).toEqual([]);

    await trader.getByLabel('Coin address').fill(ADDRESS);
    await trader.getByRole('button', { name: 'Bind' }).tap();
    await trader.waitForURL(/\/mine\/coin-address-list/);
    const bound = trader.getByTestId('payout-row');
    await expect.poll(() => bound.count()).toBe(1);
    // Shown masked: the start and the end of the address.
    const text = await bound.innerText();
    expect(text).toContain('USDT · TRC20');
    expect(text).toContain('TQn9Y2…bLSE');
    expect(text).not.toContain(ADDRESS);
    // Its delete button is described by the address it deletes, not only named "Delete".
    expect(await bound.getByRole('button', { name: 'Delete' }).evaluate((button) => document.getElementById(button.getAttribute('aria-describedby')!)?.textContent)).toContain('TQn9Y2…bLSE');
  });

  it('withdrawing asks for identity; compliance rejects it with a reason, the trader resubmits, compliance approves', async () => {
    await fromUser('Withdraw');
    await expect.poll(() => trader.getByTestId('identity-note').count()).toBe(1);
    await trader.getByTestId('identity-note').getByRole('link', { name: 'Verify identity' }).tap();
    await trader.waitForURL(/\/mine\/auth/);

    await trader.getByLabel('Full name').fill(TRADER.name);
    await trader.getByLabel('ID number').fill(TRADER.card);
    const files = trader.locator('input[type=file]');
    await files.nth(0).setInputFiles(await image('front.png', '#aa3333'));
    await files.nth(1).setInputFiles(await image('back.png', '#33aa33'));
    await expect.poll(() => trader.locator('.upload-tile[data-uploaded] img').count()).toBe(2);
    await trader.getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(() => trader.getByTestId('identity-banner').innerText()).toMatch(/^Under review · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d E[SD]T$/);

    const kyc = await staffLogin('kyc', 'kyc@staff.example', 'staffpass1', secrets['kyc@staff.example']!);
    await expect.poll(() => kyc.getByRole('navigation', { name: 'Back-office screens' }).getByRole('link').allInnerTexts()).toContain('Identity');
    await kyc.getByRole('link', { name: 'Identity' }).click();
    await expect.poll(() => kyc.locator('tbody tr').first().innerText()).toContain(TRADER.card);
    await decide(kyc, TRADER.name, 'Reject', { label: /Reason/, value: 'The photo of the back is blurred' });
    await expect.poll(() => kyc.locator('tbody tr').count()).toBe(0);

    // The trader comes back to the form: the reason, and the name kept. The ID number comes back
    // masked and an attached image cannot be attached again, so those are given anew.
    await fromUser('Identity verification');
    const rejected = trader.getByTestId('identity-rejected');
    await expect.poll(() => rejected.innerText()).toContain('Reason: The photo of the back is blurred');
    expect(await rejected.innerText()).toMatch(/ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(await trader.getByLabel('Full name').inputValue()).toBe(TRADER.name);
    await trader.getByLabel('ID number').fill(TRADER.card);
    await files.nth(0).setInputFiles(await image('front.png', '#aa3333'));
    await files.nth(1).setInputFiles(await image('back-sharp.png', '#3333aa'));
    await expect.poll(() => trader.locator('.upload-tile[data-uploaded] img').count()).toBe(2);
    await trader.getByRole('button', { name: 'Submit' }).tap();
    await expect.poll(() => trader.getByTestId('identity-banner').innerText()).toMatch(/^Under review · /);

    await kyc.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => kyc.locator('tbody tr').first().innerText()).toMatch(/2 attempts/);
    await decide(kyc, TRADER.name, 'Approve');
    await expect.poll(() => kyc.getByTestId('notice').innerText()).toContain('Success');

    await fromUser('Identity verification');
    // With when it was decided.
    await expect.poll(() => trader.getByTestId('identity-banner').innerText()).toMatch(/^Verified · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d E[SD]T$/);
  });

  it('binding a bank account from the withdraw dialog comes back to the bank tab', async () => {
    await fromUser('Withdraw');
    await trader.getByRole('button', { name: 'Bank account', exact: true }).tap();
    const dialog = trader.locator('dialog[open]');
    await expect.poll(() => dialog.innerText()).toContain('Please bind a payout account first');
    await dialog.getByRole('button', { name: 'Bind now' }).tap();
    await trader.waitForURL(/\/mine\/withdraw-way\?type=2/);
    await trader.getByRole('button', { name: 'USD · WIRE' }).tap();
    await trader.getByLabel('Bank name').fill('Example Bank');
    await trader.getByLabel('Payee name').fill(TRADER.name);
    await trader.getByLabel('Account number').fill('GB00123456789');
    await trader.getByRole('button', { name: 'Bind' }).tap();
    await trader.waitForURL(/\/mine\/withdraw\?type=2/);
    await expect.poll(() => trader.getByRole('button', { name: 'Bank account', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => trader.locator('#withdraw-way option').first().innerText()).toMatch(/6789/);
  });

  /** Fills the withdraw form to the bound address and sends it. */
  async function withdraw(amount: string) {
    await fromUser('Withdraw');
    await expect.poll(() => trader.locator('#withdraw-way option').first().innerText()).toMatch(/TQn9/);
    expect(await trader.getByTestId('identity-note').count()).toBe(0);
    await trader.getByLabel('Amount (USD)').fill(amount);
    // With a hash in it: one unbroken word, which must wrap rather than widen the page.
    await trader.getByLabel('Remark (optional)').fill(`payout of ${amount} 0x${'5e'.repeat(32)}`);
    await expect.poll(() => trader.getByTestId('withdraw-preview').innerText()).toMatch(/\d/);
    await trader.getByRole('button', { name: 'Withdraw', exact: true }).tap();
    await expect.poll(() => trader.getByTestId('withdraw-row').first().innerText()).toContain(amount === '100' ? '100.00' : '1,500.00');
    // The remark sent comes back with the request.
    expect(await trader.getByTestId('withdraw-row').first().innerText()).toMatch(new RegExp(`Remark\\s*payout of ${amount}`));
    expect(await trader.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // Marks this page: a reload would forget it, so the later steps can tell a push from a reload.
    await trader.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
  }

  let available = '';

  it('withdraws 100: frozen at once, rejected by finance, and back to available on the trader\'s screen', async () => {
    const before = await wallet();
    available = before.balance;
    await withdraw('100');
    expect(await wallet()).toMatchObject({ balance: (Number(available) - 100).toFixed(6), lock_balance: '100.000000' });
    const shown = trader.getByTestId('withdraw-balance');
    await expect.poll(() => shown.innerText()).toMatch(/Frozen\s*100\.00/);
    // Cancelling asks first, and the way out says what it does: the request stays.
    await trader.getByTestId('withdraw-row').first().getByRole('button', { name: 'Cancel request' }).tap();
    const asked = trader.locator('dialog[open]');
    expect(await asked.getByRole('button').allInnerTexts()).toEqual(['Keep request', 'Cancel request']);
    await asked.getByRole('button', { name: 'Keep request' }).tap();
    await expect.poll(() => asked.count()).toBe(0);
    expect(await wallet()).toMatchObject({ lock_balance: '100.000000' });

    const cashier = staffPages.cashier!;
    await cashier.getByRole('link', { name: 'Withdrawals' }).click();
    await expect.poll(() => cashier.locator('tbody tr').first().innerText()).toContain(ADDRESS);
    await decide(cashier, ADDRESS, 'Reject', { label: /Reason/, value: 'Please withdraw a larger amount' });
    await expect.poll(() => cashier.locator('tbody tr').count()).toBe(0);

    // Without a reload, the frozen 100 is back in the available balance, and the request says why.
    await expect.poll(() => shown.innerText(), { timeout: 10_000 }).toMatch(/Frozen\s*0\.00/);
    expect(await wallet()).toMatchObject({ balance: available, lock_balance: '0.000000' });
    const row = trader.getByTestId('withdraw-row').first();
    // Numbered as its mails name it ("Your withdrawal #7 ... was rejected").
    // Its times are New York's wall clock, and say so: a trader elsewhere read them as their own.
    expect(await row.getByTestId('request-number').innerText()).toMatch(/^#\d+ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d E[SD]T – \d{4}-\d\d-\d\d \d\d:\d\d:\d\d E[SD]T$/);
    // Each time stays on one line: split, in a right-to-left line its parts met the other time's.
    expect(await row.getByTestId('request-number').locator('time').evaluateAll((times) => times.map((time) => new Set([...time.getClientRects()].map((box) => Math.round(box.top))).size))).toEqual([1, 1]);
    await expect.poll(() => row.innerText()).toMatch(/Rejected[\s\S]*Returned to balance\s*100\.00[\s\S]*Reason: Please withdraw a larger amount/);
    expect(await trader.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('withdraws 1,500: above the four-eyes threshold, one finance member approves and another pays', async () => {
    await withdraw('1500');
    const cashier = staffPages.cashier!;
    await cashier.getByRole('button', { name: 'Refresh' }).click();
    const row = () => cashier.locator('tbody tr', { hasText: '1,500.00' }).first();
    await expect.poll(() => row().innerText()).toMatch(/Two approvals[\s\S]*Verified/);
    // The first of two approvals pays nothing: it asks for no transaction hash.
    await cashier.locator('tbody tr', { hasText: '1,500.00' }).first().getByRole('button', { name: 'Approve' }).click();
    expect(await cashier.getByRole('dialog').getByLabel('Transaction hash').count()).toBe(0);
    await cashier.getByRole('button', { name: 'Cancel' }).click();
    await decide(cashier, '1,500.00', 'Approve');
    await expect.poll(() => cashier.getByTestId('notice').innerText()).toContain('a second staff member must approve it');
    // Still frozen: nobody has paid it yet.
    expect(await wallet()).toMatchObject({ lock_balance: '1500.000000' });

    const checker = await staffLogin('checker', 'checker@staff.example', 'staffpass1', secrets['checker@staff.example']!);
    await checker.getByRole('link', { name: 'Withdrawals' }).click();
    await checker.getByLabel('Status').selectOption('approved');
    await expect.poll(() => checker.locator('tbody tr').first().innerText()).toContain('First approved by cashier@staff.example');
    await decide(checker, '1,500.00', 'Approve', { label: 'Transaction hash', value: 'f00dfeed01' });
    await expect.poll(() => checker.getByTestId('notice').innerText()).toContain('Success');

    const shown = trader.getByTestId('withdraw-balance');
    await expect.poll(() => shown.innerText(), { timeout: 10_000 }).toMatch(/Frozen\s*0\.00/);
    await expect.poll(() => trader.getByTestId('withdraw-row').first().innerText()).toMatch(/1,500\.00[\s\S]*Paid[\s\S]*Transaction hash\s*f00dfeed01/);
    // The address as every list shows it, the same ends as the payout picker.
    expect(await trader.getByTestId('withdraw-row').first().innerText()).toContain('TQn9Y2…bLSE');
    expect(await trader.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('the withdrawal history and the ledger agree', async () => {
    const final = await wallet();
    expect(final).toMatchObject({ balance: (Number(available) - 1500).toFixed(6), lock_balance: '0.000000' });

    const draws = (await api.get('/api/account/draw_list', { type: 1, page: 1 }, token)).data.data as { number: string; status: string }[];
    expect(draws.map((d) => [Number(d.number), d.status])).toEqual([[1500, 'paid'], [100, 'rejected']]);

    const records = (await api.get('/v1/api/main/accountLog/forexChange', { page: 1 }, token)).data.list as { Kind: string; Value: string }[];
    const sum = (kind: string) => records.filter((r) => r.Kind === kind).reduce((s, r) => s + Number(r.Value), 0);
    expect(sum('deposit')).toBe(3000);
    // Every record together is the balance: nothing moved outside the ledger.
    const total = records.reduce((s, r) => s + Number(r.Value), 0);
    // (To the micro-dollar: rounding both to cents disagreed when a trade left half a cent, 1,499.675.)
    expect(total).toBeCloseTo(Number(final.balance), 6);
    // Rejected: held then given back; paid: held and gone.
    expect(sum('withdraw') + sum('withdraw_refund') + sum('withdraw_paid')).toBeCloseTo(-1500, 6);
    // A payout moves no available money: the record carries the hold it took from frozen.
    expect(records.find((r) => r.Kind === 'withdraw_paid')).toMatchObject({ Value: '0.000000', Frozen: '-1500.000000' });

    // And the account history says so, not just 0.00.
    await open('/mine/history');
    const paid = trader.locator('li[data-kind="withdraw_paid"]');
    await expect.poll(() => paid.innerText()).toMatch(/Frozen\s*-1,500\.00/);

    // Money that moves while the page is open shows on it, with its record: an order placed elsewhere.
    const shownAvailable = () => trader.locator('dt', { hasText: 'Available' }).locator('xpath=following-sibling::dd[1]').innerText();
    const before = await shownAvailable();
    const btc = server.market.productByCode('BTCUSD')!;
    const placed = await api.get('/v1/api/forex/submit', { type: 1, cont: 0.01, forex_id: btc.Id, status: 1, multiple: btc.HasForexMultiple[0]!.Value }, token);
    expect(placed.code).toBe(1);
    await expect.poll(shownAvailable, { timeout: 10_000 }).not.toBe(before);
    await trader.locator('li[data-kind="trade_open"]').first().waitFor();
  });
});
