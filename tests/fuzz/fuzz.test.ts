import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../contract/account';
import { backofficeCalls, backofficeSettingsCalls, backofficeSiteCalls } from '../../contract/backoffice';
import { contentCalls } from '../../contract/content';
import type { CallDef } from '../../contract/define';
import { fundsCalls } from '../../contract/funds';
import { identityCalls } from '../../contract/identity';
import { marketCalls } from '../../contract/market';
import { rankingCalls } from '../../contract/ranking';
import { tradingCalls } from '../../contract/trading';
import { createStaff } from '../../server/backoffice/staff';
import { mulberry32 } from '../../server/market/random';
import { rowsOf } from '../../server/platform/store/open';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { badInputs, textOf } from './inputs';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CALLS: [string, CallDef][] = Object.entries({
  ...accountCalls, ...marketCalls, ...tradingCalls, ...rankingCalls, ...fundsCalls, ...identityCalls, ...contentCalls, ...backofficeCalls, ...backofficeSettingsCalls, ...backofficeSiteCalls,
}).map(([name, call]) => [name, call as CallDef]);
/** The tables whose rows are the state: none may change under refused input. */
const TABLES = ['users', 'wallets', 'ledger', 'holds', 'orders', 'deposits', 'withdrawals', 'payout_methods', 'identity_checks',
  'uploads', 'staff', 'adjustments', 'settings', 'deposit_networks', 'wire_accounts', 'withdraw_currencies', 'email_codes'];

/**
 * The attack suite: every call of the contract gets inputs its schema refuses (missing fields, wrong
 * types, boundary and huge numbers, hex and exponent forms, long and odd strings), plus broken
 * bodies and content types, from a seeded generator, against a real server with a funded trader
 * and a staff member. Every answer must be the envelope with a `msg` and no success, never a 5xx,
 * and the stored state must be exactly as before.
 */
describe(`fuzz (seed ${SEED})`, () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  let trader: string;
  let staff: string;
  const failures: string[] = [];
  let sent = 0;

  beforeAll(async () => {
    server = await startServer();
    api = client(server.url);
    const email = 'fuzz@example.com';
    await api.form('/api/notify/send_email', { to: email, type: 1 });
    const res = await api.form('/api/user/register', { type: 'email', account: email, password: 'secret123', re_password: 'secret123', sms_code: (await server.lastCode(email))! });
    trader = res.data.token;
    const { secret } = await createStaff(server.store.db, 'fuzz@staff.example', 'staffpass1', 'admin');
    const login = await (await fetch(`${server.url}/admin/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'fuzz@staff.example', password: 'staffpass1', otp: generateSync({ secret }) }),
    })).json();
    staff = login.data.token;
  });
  afterAll(() => server?.close());

  const state = async () => Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table,
    rowsOf<{ digest: string }>(await server.store.db.execute(sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t`)))[0]!.digest])));

  async function send(label: string, call: CallDef, input: Record<string, unknown> | string | Buffer, init: { contentType?: string } = {}) {
    const token = call.path.startsWith('/admin/') ? staff : trader;
    const headers: Record<string, string> = { lang: 'en', authorization: token };
    let url = `${server.url}${call.path}`;
    let body: BodyInit | undefined;
    if (call.method === 'GET') {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(input as Record<string, unknown>)) for (const one of [v].flat()) qs.append(k, textOf(one));
      url += `?${qs}`;
    } else if (typeof input === 'string' || Buffer.isBuffer(input)) {
      body = typeof input === 'string' ? input : new Uint8Array(input);
      headers['content-type'] = init.contentType ?? 'application/json';
    } else if (call.encoding === 'json') {
      body = JSON.stringify(input);
      headers['content-type'] = 'application/json';
    } else {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(input)) for (const one of [v].flat()) form.append(k, textOf(one));
      body = form;
      headers['content-type'] = init.contentType ?? 'application/x-www-form-urlencoded';
    }
    sent += 1;
    const res = await fetch(url, { method: call.method, headers, body });
    const text = await res.text();
    let envelope: { code?: unknown; msg?: unknown } | undefined;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    const problem = res.status >= 500 ? `HTTP ${res.status}`
      : !envelope || typeof envelope.code !== 'number' || typeof envelope.msg !== 'string' || envelope.msg.length === 0 ? 'not the envelope'
        : envelope.code === 1 ? 'accepted' : undefined;
    if (problem && failures.length < 30) failures.push(`${label} ${call.method} ${call.path}: ${problem} <- ${JSON.stringify(input).slice(0, 160)} -> ${text.slice(0, 200)}`);
  }

  it('refuses every input the contract refuses, with the envelope, and changes nothing', async () => {
    const before = await state();
    const random = mulberry32(SEED);
    for (const [name, call] of CALLS) {
      if (call.encoding === 'multipart') continue;
      const inputs = [...badInputs(call, random)];
      // A few at a time: fast, and racing requests are part of the attack.
      for (let i = 0; i < inputs.length; i += 8) await Promise.all(inputs.slice(i, i + 8).map((input) => send(name, call, input)));
    }
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
    console.log(`fuzz: ${sent} requests over ${CALLS.length} calls, seed ${SEED}`);
  }, 240_000);

  it('answers broken bodies, wrong content types and oversized requests with the envelope', async () => {
    const before = await state();
    // Calls that take no fields may accept an unreadable body as empty; the others must refuse it.
    const posts = CALLS.filter(([, call]) => call.method === 'POST' && call.encoding !== 'multipart' && !call.request.safeParse({}).success);
    for (const [name, call] of posts) {
      await send(`${name}/malformed`, call, '{"a": ', { contentType: 'application/json' });
      await send(`${name}/xml`, call, '<a>1</a>', { contentType: 'application/xml' });
      await send(`${name}/text`, call, 'hello', { contentType: 'text/plain' });
      await send(`${name}/huge`, call, JSON.stringify({ x: 'y'.repeat(100_000) }), { contentType: 'application/json' });
      await send(`${name}/multipart`, call, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', { contentType: 'multipart/form-data; boundary=x' });
      // Nested deeper than any call's body, yet under the size limit.
      await send(`${name}/deep-array`, call, '['.repeat(8000) + ']'.repeat(8000), { contentType: 'application/json' });
      await send(`${name}/deep-object`, call, '{"a":'.repeat(6000) + '1' + '}'.repeat(6000), { contentType: 'application/json' });
    }
    for (const upload of [contentCalls.imageUpload, backofficeSiteCalls.newsImage]) {
      const label = `upload ${upload.path}`;
      await send(`${label}/not-multipart`, upload, '{}', { contentType: 'application/json' });
      await send(`${label}/no-boundary`, upload, 'xxx', { contentType: 'multipart/form-data' });
      await send(`${label}/no-file`, upload, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', { contentType: 'multipart/form-data; boundary=x' });
      await send(`${label}/broken`, upload, '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot an image', { contentType: 'multipart/form-data; boundary=x' });
      // A real image with 9 MB after it: cut at 8 MB it would still read as the image.
      const oversized = Buffer.concat([Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer(), Buffer.alloc(9 * 1024 * 1024), Buffer.from('\r\n--x--')]);
      await send(`${label}/over-8-MB`, upload, oversized, { contentType: 'multipart/form-data; boundary=x' });
    }
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
  }, 120_000);
});
