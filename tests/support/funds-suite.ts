import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { createGuardrails, generateSync } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, ensureAdmin } from '../../server/backoffice/staff';
import type { Config } from '../../server/platform/config';
import * as ledger from '../../server/ledger/ledger';
import { rowsOf, type StoreOptions } from '../../server/platform/store/open';
import { client } from './http';
import { startServer, type TestServer } from './server';

/** A valid TRC20 address (base58check, version 0x41) and one with its checksum broken. */
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_BROKEN = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8';

/** A small picture, another one each time (an identity's two sides must differ). */
let pictures = 0;
/** A PNG claiming `width` x `height` with a few bytes of pixels: a decoder reads the size first. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sized = Buffer.alloc(4);
    sized.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([sized, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixels = chunk('IDAT', zlib.deflateSync(Buffer.alloc(100)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), pixels, chunk('IEND', Buffer.alloc(0))]);
}
const png = () => sharp({ create: { width: 16, height: 16, channels: 3, background: { r: pictures++ % 256, g: 0x66, b: 0xff } } }).png().toBuffer();

/**
 * Money in and out over the wire, with the back-office deciding: uploads, deposits credited once,
 * withdrawals held then paid, rejected or cancelled once, four eyes, identity, roles and the audit log.
 */
export function fundsSuite(label: string, storeOptions: () => StoreOptions, env: NodeJS.ProcessEnv = {}) {
  describe(`funds and back-office (${label})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    let seq = 0;

    beforeAll(async () => {
      server = await startServer(storeOptions(), env);
      api = client(server.url);
    });
    afterAll(() => server?.close());
    beforeEach(() => server.reset());

    async function trader(email = `t${++seq}@example.com`) {
      expect(await api.form('/api/notify/send_email', { to: email, type: 1 })).toMatchObject({ code: 1 });
      const code = await server.lastCode(email);
      const res = await api.form('/api/user/register', { type: 'email', account: email, password: 'secret123', re_password: 'secret123', sms_code: code! });
      expect(res.code).toBe(1);
      return { token: res.data.token as string, id: Number(res.data.id), email };
    }

    async function staff(role: 'finance' | 'compliance' | 'admin', email = `${role}${++seq}@staff.example`) {
      const { secret } = await createStaff(server.store.db, email, 'staffpass1', role);
      const res = await admin('/auth/login', { email, password: 'staffpass1', otp: generateSync({ secret }) });
      expect(res).toMatchObject({ code: 1, data: { staff: { email, role } } });
      return res.data.token as string;
    }

    async function admin(path: string, body: Record<string, unknown>, token?: string) {
      const res = await fetch(`${server.url}/admin/api${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body),
      });
      return res.json() as Promise<{ code: number; msg: string; data: any }>;
    }
    const adminGet = (path: string, query: Record<string, string | number>, token: string) => api.get(`/admin/api${path}`, query, token);

    async function upload(token: string, bytes: Buffer | Uint8Array, name = 'proof.png', type = 'image/png') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(`${server.url}/api/common/image_upload`, { method: 'POST', headers: { authorization: token, lang: 'en' }, body: form });
      return res.json() as Promise<{ code: number; msg: string; data: { url: string } | null }>;
    }

    const balance = async (token: string) => (await api.get('/v1/api/main/wallet/getBalance', {}, token)).data as { balance: string; lock_balance: string };
    const network = async (token: string) => (await api.get('/api/quickCharge/info', {}, token)).data[0] as { id: number; address: string };
    const offLedger = () => ledger.accountsOffTheirLedger(server.store.db);

    async function deposit(token: string, amount: number, reference?: string) {
      const proof = (await upload(token, await png())).data!.url;
      const net = await network(token);
      return api.get('/api/quickCharge/submit', { number: amount, proofImg: proof, address: net.address, charge_id: net.id, ...(reference ? { reference } : {}) }, token);
    }
    async function funded(amount: number) {
      const t = await trader();
      expect(await deposit(t.token, amount)).toMatchObject({ code: 1 });
      const finance = await staff('finance');
      const [item] = (await adminGet('/deposits', { status: 0 }, finance)).data.data;
      expect(item.lang).toBe('en');
      expect(await admin('/deposits/approve', { id: item.id }, finance)).toMatchObject({ code: 1 });
      return { ...t, finance };
    }
    async function verified(t: { token: string; id: number }) {
      const front = (await upload(t.token, await png())).data!.url;
      const back = (await upload(t.token, await png())).data!.url;
      expect(await api.form('/api/user_real/real_name', { name: 'Ann Lee', card_id: 'X1234567', front_pic: front, reverse_pic: back }, t.token)).toMatchObject({ code: 1 });
      const compliance = await staff('compliance');
      expect(await admin('/identity/approve', { user_id: t.id }, compliance)).toMatchObject({ code: 1 });
    }
    async function boundAddress(token: string) {
      const [currency] = (await api.get('/api/account/draw_symbol_list', { type: 1 }, token)).data;
      expect(await api.form('/api/wallet/bind_draw_method', { draw_id: currency.id, type: 1, dc_address: TRON }, token)).toMatchObject({ code: 1 });
      const [method] = (await api.get('/api/wallet/get_draw_method', { draw_type: 1 }, token)).data;
      return { currency, method };
    }

    describe('uploads', () => {
      it('re-encodes an image, drops its metadata and serves it only by a signed, expiring link', async () => {
        const t = await trader();
        const withExif = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#888' } })
          .jpeg().withExif({ IFD0: { Copyright: 'GPS 51.5N 0.1W' } }).toBuffer();
        expect((await sharp(withExif).metadata()).exif).toBeDefined();
        const res = await upload(t.token, withExif, 'photo.png', 'image/png');
        expect(res.code).toBe(1);
        const served = await fetch(`${server.url}${res.data!.url}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/jpeg');
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        const stored = Buffer.from(await served.arrayBuffer());
        expect((await sharp(stored).metadata()).exif).toBeUndefined();
        expect(stored.includes(Buffer.from('GPS 51.5N'))).toBe(false);
        // The bytes are where UPLOADS_STORE says: in the database only when it says so.
        expect(await count('upload_blobs')).toBe(env.UPLOADS_STORE === 'database' ? 1 : 0);

        const forged = res.data!.url.replace(/s=[^&]+/, 's=AAAA');
        expect((await fetch(`${server.url}${forged}`)).status).toBe(404);
        const expired = res.data!.url.replace(/e=\d+/, 'e=1000');
        expect((await fetch(`${server.url}${expired}`)).status).toBe(404);
      });

      it('serves staff\'s news pictures by a link without signature or expiry', async () => {
        const token = await staff('admin');
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'news.png');
        const res = await (await fetch(`${server.url}/admin/api/news/image`, { method: 'POST', headers: { authorization: token }, body: form })).json();
        expect(res).toMatchObject({ code: 1, data: { url: expect.stringMatching(/^\/api\/common\/image\/[A-Za-z0-9_-]{24}$/) } });
        const served = await fetch(`${server.url}${res.data.url}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
        expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(16);
      });

      it('refuses what is not a JPEG, PNG or WebP image, whatever it is called, and stores nothing', async () => {
        const t = await trader();
        const before = await count('uploads');
        const res = await upload(t.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png', 'image/png');
        expect(res).toMatchObject({ code: 0, msg: 'Only JPEG, PNG or WebP images can be uploaded' });
        const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
        expect((await upload(t.token, gif, 'x.png')).code).toBe(0);
        // 900 million pixels in a few kilobytes: too large, and said so.
        const bomb = pngClaiming(30_000, 30_000);
        expect(await upload(t.token, bomb, 'bomb.png')).toMatchObject({ code: 0, msg: 'The image is too large (at most 40 megapixels)' });
        expect(await count('uploads')).toBe(before);
        expect(await count('upload_blobs')).toBe(0);
      });

      it('asks for a session, and refuses an image larger than 8 MB', async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
        const anonymous = await (await fetch(`${server.url}/api/common/image_upload`, { method: 'POST', body: form })).json();
        expect(anonymous.code).toBe(999);
        const t = await trader();
        const big = Buffer.concat([await png(), Buffer.alloc(8 * 1024 * 1024 + 10)]);
        const bigForm = new FormData();
        bigForm.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big.png');
        // Too large is a transport problem (WIRE.md): HTTP 413, still the envelope with its message.
        const res = await fetch(`${server.url}/api/common/image_upload`, { method: 'POST', headers: { authorization: t.token, lang: 'en' }, body: bigForm });
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ code: 0, msg: expect.stringMatching(/8 MB/) });
        // More parts than the one image say so, not that a tiny image is too large.
        const crowded = new FormData();
        for (const name of ['a', 'b', 'c', 'd', 'e']) crowded.append(name, 'x');
        crowded.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
        const answer = await (await fetch(`${server.url}/api/common/image_upload`, { method: 'POST', headers: { authorization: t.token, lang: 'en' }, body: crowded })).json();
        expect(answer).toMatchObject({ code: 0, msg: 'Send the image alone, with no other fields' });
        expect(await count('uploads')).toBe(0);
      });

      it('keeps no picture for a demo account, which can use none, and at most 30 an hour for a trader', async () => {
        const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
        expect(await upload(demo.data.token as string, await png())).toMatchObject({ code: 0, msg: 'Please register or log in to a real account' });
        expect(await count('uploads')).toBe(0);
        const t = await trader();
        for (let i = 0; i < 30; i++) expect((await upload(t.token, await png())).code).toBe(1);
        expect((await upload(t.token, await png())).msg).toMatch(/^Too many attempts, please try again in /);
        expect(await count('uploads')).toBe(30);
        // Another trader's count is their own.
        expect((await upload((await trader()).token, await png())).code).toBe(1);
      });
    });

    describe('deposits', () => {
      it('tells a demo account to use a real one, and stores nothing', async () => {
        const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
        const token = demo.data.token as string;
        expect(await api.get('/api/quickCharge/info', {}, token)).toMatchObject({ code: 0, msg: 'Please register or log in to a real account' });
        expect(await api.get('/api/quickCharge/submit', { number: 100, proofImg: '/api/common/image/x', address: TRON, charge_id: 1 }, token)).toMatchObject({ code: 0 });
        expect(await count('deposits')).toBe(0);
        // Histories and cancelling too: every funds call, not only those that would store something.
        const realOnly = { code: 0, msg: 'Please register or log in to a real account' };
        expect(await api.get('/api/quickCharge/quick_ist', { page: 1 }, token)).toMatchObject(realOnly);
        expect(await api.get('/api/account/draw_list', { type: 1, page: 1 }, token)).toMatchObject(realOnly);
        expect(await api.form('/api/account/draw_cancel', { id: 1 }, token)).toMatchObject(realOnly);
      });

      it('credits nothing until staff approve, then once, even when two approve at the same moment', async () => {
        const t = await trader();
        expect(await deposit(t.token, 250, 'abc123')).toMatchObject({ code: 1 });
        expect(await balance(t.token)).toMatchObject({ balance: '0.000000' });
        const history = await api.get('/api/quickCharge/quick_ist', { type: 0, page: 1 }, t.token);
        expect(history.data).toMatchObject({ total: 1, data: [{ number: '250.000000', status: 0, type: 0, currency_code: 'USDT', resolved_at: null }] });

        const [a, b] = [await staff('finance'), await staff('finance')];
        const [item] = (await adminGet('/deposits', { status: 0 }, a)).data.data;
        expect(item).toMatchObject({ amount: '250.000000', user_id: t.id, reference: 'abc123', identity: 0, available: '0.000000' });
        expect((await fetch(`${server.url}${item.proof_url}`)).status).toBe(200);
        const answers = await Promise.all([admin('/deposits/approve', { id: item.id }, a), admin('/deposits/approve', { id: item.id }, b)]);
        expect(answers.map((r) => r.code).sort()).toEqual([0, 1]);
        expect(answers.find((r) => r.code === 0)!.msg).toBe('This request has already been handled');
        expect(await balance(t.token)).toMatchObject({ balance: '250.000000' });
        expect((await api.get('/api/quickCharge/quick_ist', { page: 1 }, t.token)).data.data[0]).toMatchObject({ status: 1, resolved_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
        expect(await offLedger()).toEqual([]);
        expect(await count('audit_log', "action = 'deposit.approve'")).toBe(1);
      });

      it('takes a deposit sent again with its request id as the first one, sent in turn or at once', async () => {
        const t = await trader();
        const net = await network(t.token);
        const request = { number: 300, proofImg: (await upload(t.token, await png())).data!.url, address: net.address, charge_id: net.id, request_id: crypto.randomUUID() };
        const submit = (over: Record<string, unknown> = {}) => api.get('/api/quickCharge/submit', { ...request, ...over }, t.token);
        expect(await submit()).toMatchObject({ code: 1 });
        // Its answer lost: the same request again, its proof used by the first, is the first.
        expect(await submit()).toMatchObject({ code: 1 });
        expect(await submit({ number: 400 })).toMatchObject({ code: 0, msg: 'This request id was already used for a different deposit' });
        const twice = { ...request, proofImg: (await upload(t.token, await png())).data!.url, request_id: crypto.randomUUID() };
        const answers = await Promise.all([1, 2, 3].map(() => api.get('/api/quickCharge/submit', twice, t.token)));
        expect(answers.map((a) => a.code)).toEqual([1, 1, 1]);
        expect((await api.get('/api/quickCharge/quick_ist', { page: 1 }, t.token)).data.total).toBe(2);
      });

      it('shows staff the deposits whose proof is the same picture, as long as it is waiting or credited', async () => {
        const [t, other] = [await trader(), await trader()];
        const picture = await png();
        const net = await network(t.token);
        const claim = async (token: string) =>
          api.get('/api/quickCharge/submit', { number: 500, proofImg: (await upload(token, picture)).data!.url, address: net.address, charge_id: net.id }, token);
        // One transfer's screenshot, uploaded again by the same trader and by another, and one other picture.
        for (const token of [t.token, t.token, other.token]) expect(await claim(token)).toMatchObject({ code: 1 });
        expect(await deposit(t.token, 500)).toMatchObject({ code: 1 });
        const finance = await staff('finance');
        const mine = (await adminGet('/deposits', { status: 0, trader: t.email }, finance)).data.data as { id: number; same_proof: number[] }[];
        const [first, second, unrelated] = mine;
        const theirs = (await adminGet('/deposits', { status: 0, trader: other.email }, finance)).data.data[0];
        expect(first!.same_proof).toEqual([second!.id, theirs.id]);
        expect(theirs.same_proof).toEqual([first!.id, second!.id]);
        expect(unrelated!.same_proof).toEqual([]);
        // A rejected claim claims nothing; a credited one still does.
        expect(await admin('/deposits/reject', { id: second!.id, reason: 'Sent twice' }, finance)).toMatchObject({ code: 1 });
        expect(await admin('/deposits/approve', { id: first!.id }, finance)).toMatchObject({ code: 1 });
        expect((await adminGet('/deposits', { status: 0, trader: other.email }, finance)).data.data[0].same_proof).toEqual([first!.id]);
      });

      it('refuses the same transaction twice, another trader\'s upload, an upload used twice, and amounts out of range', async () => {
        const [t, other] = [await trader(), await trader()];
        expect(await deposit(t.token, 100, 'TX-1')).toMatchObject({ code: 1 });
        expect(await deposit(other.token, 100, 'tx-1')).toMatchObject({ code: 0, msg: 'This transaction has already been submitted' });
        const net = await network(t.token);
        const theirs = (await upload(other.token, await png())).data!.url;
        expect(await api.get('/api/quickCharge/submit', { number: 100, proofImg: theirs, address: net.address, charge_id: net.id }, t.token)).toMatchObject({ code: 0, msg: 'Please upload the image again' });
        const mine = (await upload(t.token, await png())).data!.url;
        expect((await api.get('/api/quickCharge/submit', { number: 100, proofImg: mine, address: net.address, charge_id: net.id }, t.token)).code).toBe(1);
        expect(await api.get('/api/quickCharge/submit', { number: 100, proofImg: mine, address: net.address, charge_id: net.id }, t.token))
          .toMatchObject({ code: 0, msg: 'This image is already attached to another request: please upload it again' });
        const fresh = (await upload(t.token, await png())).data!.url;
        expect(await api.get('/api/quickCharge/submit', { number: 5, proofImg: fresh, address: net.address, charge_id: net.id }, t.token)).toMatchObject({ code: 0, msg: 'The amount must be between 10 and 1,000,000 USD' });
        // An empty amount is named as the form names it, not by its wire name.
        expect(await api.get('/api/quickCharge/submit', { number: '', proofImg: fresh, address: net.address, charge_id: net.id }, t.token)).toMatchObject({ code: 0, msg: 'Amount is required' });
        // USD in cents, as every screen shows it: 10.123 would be credited so and shown as 10.12.
        expect(await api.get('/api/quickCharge/submit', { number: 10.123, proofImg: fresh, address: net.address, charge_id: net.id }, t.token)).toMatchObject({ code: 0, msg: 'Amount has too many decimal places' });
        expect(await api.get('/api/quickCharge/submit', { number: 50, proofImg: fresh, address: TRON_BROKEN, charge_id: net.id }, t.token)).toMatchObject({ code: 0 });
        expect(await count('deposits')).toBe(2);

        // A rejected claim frees its reference: whoever claimed it first cannot block the owner for good.
        const finance = await staff('finance');
        const claimed = (await adminGet('/deposits', { status: 0 }, finance)).data.data.find((d: { reference: string | null }) => d.reference === 'TX-1');
        expect(await admin('/deposits/reject', { id: claimed.id, reason: 'Not your transfer' }, finance)).toMatchObject({ code: 1 });
        expect(await deposit(other.token, 100, 'tx-1')).toMatchObject({ code: 1 });
        expect(await deposit(t.token, 100, 'TX-1')).toMatchObject({ code: 0, msg: 'This transaction has already been submitted' });
      });

      it('keeps the transfer a trader named when staff approve: another reference is refused, so the same hash cannot be credited twice', async () => {
        const t = await trader();
        const finance = await staff('finance');
        expect(await deposit(t.token, 500, '0xabc123hash')).toMatchObject({ code: 1 });
        const [item] = (await adminGet('/deposits', { status: 0, trader: String(t.id) }, finance)).data.data;
        expect(await admin('/deposits/approve', { id: item.id, reference: 'TXREF-1' }, finance))
          .toMatchObject({ code: 0, msg: 'This deposit already names its transfer (0xabc123hash): approve it with that reference or with none' });
        expect(await admin('/deposits/approve', { id: item.id, reference: '0XABC123HASH' }, finance)).toMatchObject({ code: 1 });
        expect(await deposit(t.token, 500, '0xabc123hash')).toMatchObject({ code: 0, msg: 'This transaction has already been submitted' });
        expect(await balance(t.token)).toMatchObject({ balance: '500.000000' });
        // A deposit that named none takes the reference staff give, and holds it from then on.
        expect(await deposit(t.token, 100)).toMatchObject({ code: 1 });
        const [unnamed] = (await adminGet('/deposits', { status: 0, trader: String(t.id) }, finance)).data.data;
        expect(await admin('/deposits/approve', { id: unnamed.id, reference: 'TXREF-1' }, finance)).toMatchObject({ code: 1 });
        expect(await deposit(t.token, 100, 'txref-1')).toMatchObject({ code: 0, msg: 'This transaction has already been submitted' });
      });

      it('knows a transaction hash however it is written: with or without 0x, behind a label, in any case', async () => {
        const [t, other] = [await trader(), await trader()];
        const finance = await staff('finance');
        const hash = 'ab'.repeat(32);
        expect(await deposit(t.token, 100, hash)).toMatchObject({ code: 1 });
        const [item] = (await adminGet('/deposits', { status: 0, trader: String(t.id) }, finance)).data.data;
        expect(await admin('/deposits/approve', { id: item.id }, finance)).toMatchObject({ code: 1 });
        for (const written of [`0x${hash}`, `tx:${hash.toUpperCase()}`, `TX:0X${hash}`]) {
          expect(await deposit(other.token, 100, written)).toMatchObject({ code: 0, msg: 'This transaction has already been submitted' });
        }
        // A hash one digit longer is another transfer; staff naming the same one another way is the same.
        expect(await deposit(other.token, 100, `${hash}c`)).toMatchObject({ code: 1 });
        expect(await deposit(t.token, 50)).toMatchObject({ code: 1 });
        const [unnamed] = (await adminGet('/deposits', { status: 0, trader: String(t.id) }, finance)).data.data;
        expect(await admin('/deposits/approve', { id: unnamed.id, reference: `0x${hash}` }, finance)).toMatchObject({ code: 0, msg: 'This transaction has already been submitted' });
        expect(await balance(t.token)).toMatchObject({ balance: '100.000000' });
        expect(await balance(other.token)).toMatchObject({ balance: '0.000000' });
      });

      it('lists bank accounts by bank coin and takes a wire deposit; a rejection carries its reason and moves nothing', async () => {
        const t = await trader();
        const [coin] = (await api.get('/api/quickCharge/symbols', {}, t.token)).data;
        const [bank] = (await api.get('/api/quickCharge/wire_info', { bank_coin: coin.id }, t.token)).data;
        expect(bank).toMatchObject({ bank_swift: 'EXAMGB2L' });
        const proof = (await upload(t.token, await png())).data!.url;
        expect(await api.get('/api/quickCharge/wire_submit', { number: 500, proofImg: proof, wire_id: bank.id }, t.token)).toMatchObject({ code: 1 });
        const finance = await staff('finance');
        const [item] = (await adminGet('/deposits', { status: 0 }, finance)).data.data;
        // A reference staff type follows the trader's rule: no markup, no spaces.
        expect(await admin('/deposits/approve', { id: item.id, reference: '<b>wire 42</b>' }, finance)).toMatchObject({ code: 0, msg: 'Transfer reference is invalid' });
        expect(await admin('/deposits/reject', { id: item.id, reason: 'No transfer received.' }, finance)).toMatchObject({ code: 1 });
        // The mail ends its sentence once, whether staff typed the full stop or not.
        await expect.poll(() => server.lastMail(t.email)).toMatch(/was rejected: No transfer received\.$/m);
        expect(await admin('/deposits/approve', { id: item.id }, finance)).toMatchObject({ code: 0 });
        expect((await api.get('/api/quickCharge/quick_ist', { type: 1, page: 1 }, t.token)).data.data[0]).toMatchObject({ status: 2, remark: 'No transfer received.' });
        expect(await balance(t.token)).toMatchObject({ balance: '0.000000' });
      });
    });

    describe('payout methods', () => {
      it('checks an address on its own network, masks it in lists, archives on delete, and keeps it the trader\'s', async () => {
        const [t, other] = [await trader(), await trader()];
        const [currency] = (await api.get('/api/account/draw_symbol_list', { type: 1 }, t.token)).data;
        expect(await api.form('/api/wallet/bind_draw_method', { draw_id: currency.id, type: 1, dc_address: TRON_BROKEN }, t.token)).toMatchObject({ code: 0, msg: 'This is not a valid TRC20 address' });
        expect(await api.form('/api/wallet/bind_draw_method', { draw_id: currency.id, type: 1, dc_address: '0x52908400098527886E0F7030069857D2E4169EE7' }, t.token)).toMatchObject({ code: 0 });
        const { method } = await boundAddress(t.token);
        expect(method.dc_address).toBe('TLa2f6…jU7'.replace('…jU7', '…YjU7'));
        expect(await api.form('/api/wallet/del_draw_method', { id: method.id }, other.token)).toMatchObject({ code: 0 });
        expect(await api.form('/api/wallet/del_draw_method', { id: method.id }, t.token)).toMatchObject({ code: 1 });
        expect((await api.get('/api/wallet/get_draw_method', { draw_type: 1 }, t.token)).data).toEqual([]);
        expect(await count('payout_methods')).toBe(1);
      });

      it('needs the bank fields and binds at most ten', async () => {
        const t = await trader();
        const [currency] = (await api.get('/api/account/draw_symbol_list', { type: 2 }, t.token)).data;
        expect(await api.form('/api/wallet/bind_draw_method', { draw_id: currency.id, type: 2, bank_name: 'B' }, t.token)).toMatchObject({ code: 0 });
        const bank = { draw_id: currency.id, type: 2, bank_name: 'Bank', payee_name: 'Ann Lee', payee_account: 'GB00123456789' };
        const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => api.form('/api/wallet/bind_draw_method', { ...bank, payee_account: `GB${i}0123456789` }, t.token)));
        expect(answers.filter((r) => r.code === 1)).toHaveLength(10);
        expect(answers.find((r) => r.code === 0)!.msg).toBe('You can bind at most 10 payout accounts');
        expect((await api.get('/api/wallet/get_draw_method', { draw_type: 2 }, t.token)).data[0].payee_account).toBe('****6789');
      });

      it('takes out of an account number what shows nothing, makes its digits Latin, and refuses what no keyboard types', async () => {
        const t = await trader();
        const [bank] = (await api.get('/api/account/draw_symbol_list', { type: 2 }, t.token)).data;
        const account = { draw_id: bank.id, type: 2, bank_name: 'Bank', payee_name: 'Bob Brown', payee_account: '4444 5555 6666' };
        const bind = async (fields: Record<string, string>) => (await api.form('/api/wallet/bind_draw_method', { ...account, ...fields }, t.token)).msg;
        // A phone in Arabic wraps a copied number in direction marks; an isolate before it showed staff
        // "6666 5555 4444". Both are taken out: the number bound is the one the trader sees.
        expect(await bind({ payee_account: '\u2067\u202A4444 5555 6666\u202C\u2069', bank_name: 'بنك مصر', payee_name: 'محمد\u200F' })).toBe('Payout account bound');
        const stored = rowsOf<{ payee_account: string }>(await server.store.db.execute(sql`SELECT payee_account FROM payout_methods WHERE user_id = ${t.id}`));
        expect(stored).toEqual([{ payee_account: '4444 5555 6666' }]);
        // A zero-width space no longer beats the check for an account already bound; Persian digits are the same digits.
        expect(await bind({ payee_account: '4444\u200B5555 6666' })).toBe('This payout account is already saved');
        expect(await bind({ payee_account: '۴۴۴۴ ۵۵۵۵ ۶۶۶۶' })).toBe('This payout account is already saved');
        // A terminal's colour and a bell are no part of a bank's name; an override reverses a name.
        expect(await bind({ payee_account: '1234', bank_name: 'Bank\u001b[31mRED\u0007' })).toBe('Bank name is invalid');
        expect(await bind({ payee_account: '1234', payee_name: '\u202Enworb bob' })).toBe('Payee name is invalid');
        // Nothing but what shows nothing is no account.
        expect(await bind({ payee_account: '\u200E\u200B' })).toBe('Account number is required');
        // Letters of another script look the same to staff and fail at the bank: a Cyrillic В in an IBAN.
        expect(await bind({ payee_account: 'GB33\u0412UKB20201555555555' })).toBe('Account number is invalid');
        // An isolate a name opens and never closes would run on into the account beside it: it is dropped.
        // One that is closed stays, and so does a closer with nothing to close, dropped likewise.
        expect(await bind({ payee_account: '7777 8888', payee_name: '\u2067علي', bank_name: '\u2068Bank\u2069 of\u2069 Cairo' })).toBe('Payout account bound');
        const named = rowsOf<{ payee_name: string; bank_name: string }>(await server.store.db.execute(sql`SELECT payee_name, bank_name FROM payout_methods WHERE user_id = ${t.id} AND payee_account = '7777 8888'`));
        expect(named).toEqual([{ payee_name: 'علي', bank_name: '\u2068Bank\u2069 of Cairo' }]);
      });

      it('keeps one of each destination: the same address or account again is refused', async () => {
        const t = await trader();
        const [coin] = (await api.get('/api/account/draw_symbol_list', { type: 1 }, t.token)).data;
        const address = { draw_id: coin.id, type: 1, dc_address: TRON };
        expect(await api.form('/api/wallet/bind_draw_method', address, t.token)).toMatchObject({ code: 1 });
        expect(await api.form('/api/wallet/bind_draw_method', address, t.token)).toMatchObject({ code: 0, msg: 'This payout account is already saved' });
        const [bank] = (await api.get('/api/account/draw_symbol_list', { type: 2 }, t.token)).data;
        const account = { draw_id: bank.id, type: 2, bank_name: 'Bank', payee_name: 'Ann Lee', payee_account: 'GB00123456789' };
        expect(await api.form('/api/wallet/bind_draw_method', account, t.token)).toMatchObject({ code: 1 });
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, bank_name: 'Another name' }, t.token)).toMatchObject({ code: 0, msg: 'This payout account is already saved' });
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, payee_account: 'GB00999999999' }, t.token)).toMatchObject({ code: 1 });
        // Spaces and letter case make no other account, nor another address.
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, payee_account: 'gb00 1234 56789' }, t.token)).toMatchObject({ code: 0, msg: 'This payout account is already saved' });
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, payee_account: 'DE89 3704 0044 0532 0130 00', bank_swift: 'coba de ff' }, t.token)).toMatchObject({ code: 1 });
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, payee_account: 'de89370400440532013000', bank_swift: 'COBADEFF' }, t.token)).toMatchObject({ code: 0, msg: 'This payout account is already saved' });
        // The same number with the SWIFT code left out, or added, is the same account; with another bank's code it is not.
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, payee_account: 'DE89370400440532013000' }, t.token)).toMatchObject({ code: 0, msg: 'This payout account is already saved' });
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, bank_swift: 'BARCGB22' }, t.token)).toMatchObject({ code: 0, msg: 'This payout account is already saved' });
        expect(await api.form('/api/wallet/bind_draw_method', { ...account, payee_account: 'DE89370400440532013000', bank_swift: 'DEUTDEFF' }, t.token)).toMatchObject({ code: 1 });
        // A SWIFT code, when given, has the form of one: 8 or 11 letters and digits.
        for (const bank_swift of ['XX', 'COBADESFF', 'COBA1EFF']) {
          expect(await api.form('/api/wallet/bind_draw_method', { ...account, payee_account: 'FR76 3000 6000 0112 3456 7890 189', bank_swift }, t.token), bank_swift).toMatchObject({ code: 0, msg: 'SWIFT code is invalid' });
        }
        expect(await admin('/funds/currency', { type: 1, code: 'USDT', protocol: 'ERC20', fee_type: 1, draw_rate: 1, usd_price: 1, min_amount: 10 }, await staff('admin'))).toMatchObject({ code: 1 });
        const erc20 = (await api.get('/api/account/draw_symbol_list', { type: 1 }, t.token)).data.find((c: { protocol: string }) => c.protocol === 'ERC20');
        expect(await api.form('/api/wallet/bind_draw_method', { draw_id: erc20.id, type: 1, dc_address: '0x52908400098527886E0F7030069857D2E4169EE7' }, t.token)).toMatchObject({ code: 1 });
        expect(await api.form('/api/wallet/bind_draw_method', { draw_id: erc20.id, type: 1, dc_address: '0x52908400098527886e0f7030069857d2e4169ee7' }, t.token)).toMatchObject({ code: 0, msg: 'This payout account is already saved' });
        // Deleted, it may be saved again.
        const [method] = (await api.get('/api/wallet/get_draw_method', { draw_type: 1 }, t.token)).data;
        expect(await api.form('/api/wallet/del_draw_method', { id: method.id }, t.token)).toMatchObject({ code: 1 });
        expect(await api.form('/api/wallet/bind_draw_method', address, t.token)).toMatchObject({ code: 1 });
      });
    });

    describe('withdrawals', () => {
      it('wait for a verified identity', async () => {
        const t = await funded(200);
        const { currency, method } = await boundAddress(t.token);
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 50, draw_method_id: method.id }, t.token))
          .toMatchObject({ code: 0, msg: 'Please verify your identity before withdrawing' });
      });

      it('pay a currency worth many dollars to its sixth place, at a rate staff set to ten', async () => {
        const root = await staff('admin');
        const btc = { type: 1, code: 'BTC', protocol: 'BTC', fee_type: 1, draw_rate: 5, usd_price: 0.0000153846, min_amount: 10 };
        expect(await admin('/funds/currency', btc, root)).toMatchObject({ code: 1 });
        const t = await funded(1000);
        await verified(t);
        const currency = (await api.get('/api/account/draw_symbol_list', { type: 1 }, t.token)).data.find((c: { code: string }) => c.code === 'BTC');
        expect(currency.usd_price).toBe('0.0000153846');
        expect(await api.form('/api/wallet/bind_draw_method', { draw_id: currency.id, type: 1, dc_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, t.token)).toMatchObject({ code: 1 });
        const [method] = (await api.get('/api/wallet/get_draw_method', { draw_type: 1, draw_id: currency.id }, t.token)).data;
        // (600 - 5) x 0.0000153846 = 0.009153837: 0.009153 BTC, not 0.00 refused as "the fee is larger".
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 600, draw_method_id: method.id }, t.token)).toMatchObject({ code: 1 });
        const [row] = (await api.get('/api/account/draw_list', { type: 1, page: 1 }, t.token)).data.data;
        expect(row).toMatchObject({ number: '600.000000', fee: '5.000000', real_number: '0.009153' });
      });

      it('show staff when the trader deleted the destination of a waiting request', async () => {
        const t = await funded(200);
        await verified(t);
        const { currency, method } = await boundAddress(t.token);
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 50, draw_method_id: method.id }, t.token)).toMatchObject({ code: 1 });
        const finance = await staff('finance');
        const waiting = async () => (await adminGet('/withdrawals', { status: 'waiting', trader: String(t.id) }, finance)).data.data[0];
        expect(await waiting()).toMatchObject({ destination: [TRON], destination_deleted: false });
        expect(await api.form('/api/wallet/del_draw_method', { id: method.id }, t.token)).toMatchObject({ code: 1 });
        expect(await waiting()).toMatchObject({ destination: [TRON], destination_deleted: true });
      });

      it('hold the amount, and staff rejecting or the trader cancelling gives it back, once', async () => {
        const t = await funded(200);
        await verified(t);
        const { currency, method } = await boundAddress(t.token);
        const draw = () => api.form('/api/account/draw', { draw_currency_id: currency.id, number: 50, draw_method_id: method.id, memo: 'rent' }, t.token);
        expect(await draw()).toMatchObject({ code: 1 });
        expect(await balance(t.token)).toMatchObject({ balance: '150.000000', lock_balance: '50.000000' });
        const [row] = (await api.get('/api/account/draw_list', { type: 1, page: 1 }, t.token)).data.data;
        expect(row).toMatchObject({ number: '50.000000', fee: '1.000000', real_number: '49.000000', status: 'waiting', status_name: 'Under review', notes: 'rent' });

        expect(await api.form('/api/account/draw_cancel', { id: row.id }, t.token)).toMatchObject({ code: 1 });
        expect(await api.form('/api/account/draw_cancel', { id: row.id }, t.token)).toMatchObject({ code: 0, msg: 'This request has already been handled' });
        // One that is not theirs, or none at all, does not exist for them.
        expect(await api.form('/api/account/draw_cancel', { id: row.id }, (await trader()).token)).toMatchObject({ code: 0, msg: 'This request does not exist' });
        expect(await api.form('/api/account/draw_cancel', { id: 99_999 }, t.token)).toMatchObject({ code: 0, msg: 'This request does not exist' });
        const finance = await staff('finance');
        // Staff are told why they cannot decide it any more.
        expect(await admin('/withdrawals/approve', { id: row.id, txid: 'T1' }, finance)).toMatchObject({ code: 0, msg: 'The trader cancelled this request' });
        expect(await admin('/withdrawals/reject', { id: row.id, reason: 'Wrong network' }, finance)).toMatchObject({ code: 0, msg: 'The trader cancelled this request' });
        expect(await balance(t.token)).toMatchObject({ balance: '200.000000', lock_balance: '0.000000' });

        expect(await draw()).toMatchObject({ code: 1 });
        const [waiting] = (await adminGet('/withdrawals', { status: 'waiting' }, finance)).data.data;
        expect(waiting).toMatchObject({ destination: [TRON], needs_two: false, identity: 2, net_deposits: '200.000000', lang: 'en' });
        expect(await admin('/withdrawals/reject', { id: waiting.id, reason: 'Name does not match' }, finance)).toMatchObject({ code: 1 });
        expect(await balance(t.token)).toMatchObject({ balance: '200.000000', lock_balance: '0.000000' });
        expect((await api.get('/api/account/draw_list', { type: 1, page: 1 }, t.token)).data.data[0]).toMatchObject({ status: 'rejected', reason: 'Name does not match' });
        expect(await offLedger()).toEqual([]);
        const holds = rowsOf<{ status: string }>(await server.store.db.execute(sql`SELECT status FROM holds ORDER BY id`));
        expect(holds.map((h) => h.status)).toEqual(['voided', 'voided']);
      });

      it('hold the money once for one request id, however often and however fast it is sent', async () => {
        const t = await funded(200);
        await verified(t);
        const { currency, method } = await boundAddress(t.token);
        const request = { draw_currency_id: currency.id, number: 50, draw_method_id: method.id, request_id: crypto.randomUUID() };
        const answers = await Promise.all(Array.from({ length: 6 }, () => api.form('/api/account/draw', request, t.token)));
        expect(answers.map((a) => a.code)).toEqual([1, 1, 1, 1, 1, 1]);
        expect(await api.form('/api/account/draw', request, t.token)).toMatchObject({ code: 1 });
        expect(await balance(t.token)).toMatchObject({ balance: '150.000000', lock_balance: '50.000000' });
        expect((await api.get('/api/account/draw_list', { type: 1, page: 1 }, t.token)).data.total).toBe(1);
        // The same id with another amount is another request: refused, nothing held.
        expect(await api.form('/api/account/draw', { ...request, number: 60 }, t.token))
          .toMatchObject({ code: 0, msg: 'This request id was already used for a different withdrawal' });
        // Another trader's id is theirs alone.
        const other = await funded(100);
        await verified(other);
        const theirs = await boundAddress(other.token);
        expect(await api.form('/api/account/draw', { ...request, draw_currency_id: theirs.currency.id, draw_method_id: theirs.method.id }, other.token)).toMatchObject({ code: 1 });
        expect(await balance(t.token)).toMatchObject({ balance: '150.000000', lock_balance: '50.000000' });
        expect(await offLedger()).toEqual([]);
      });

      it('refuse an amount above the free balance, below the minimum, or to another trader\'s method', async () => {
        const t = await funded(100);
        await verified(t);
        const other = await trader();
        const { currency, method } = await boundAddress(t.token);
        const theirs = await boundAddress(other.token);
        // No margin held, so none is named as the reason.
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 100.01, draw_method_id: method.id }, t.token))
          .toMatchObject({ code: 0, msg: 'You can withdraw at most 100.00 USD now' });
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 5, draw_method_id: method.id }, t.token))
          .toMatchObject({ code: 0, msg: 'The minimum withdrawal is 10 USD' });
        // Money keeps 6 places: a seventh would be rounded away unseen.
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: '10.0000001', draw_method_id: method.id }, t.token))
          .toMatchObject({ code: 0, msg: 'Amount has too many decimal places' });
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 20, draw_method_id: theirs.method.id }, t.token))
          .toMatchObject({ code: 0, msg: 'Please choose one of your bound payout accounts' });
        expect(await balance(t.token)).toMatchObject({ balance: '100.000000', lock_balance: '0.000000' });
        // Trading leaves fractions of a cent: the most named is rounded down, so asking for it is taken.
        await ledger.transaction(server.store.db, (tx) => ledger.post(tx, [{ userId: t.id, kind: 'adjust', amount: '0.977188' }]));
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 200, draw_method_id: method.id }, t.token))
          .toMatchObject({ code: 0, msg: 'You can withdraw at most 100.97 USD now' });
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 100.97, draw_method_id: method.id }, t.token)).toMatchObject({ code: 1 });
      });

      it('leave the margin of open positions and their open loss in the account', async () => {
        const t = await funded(2000);
        await verified(t);
        const { currency, method } = await boundAddress(t.token);
        const quote = (bid: number, ask: number) => {
          const inst = server.market.instrument('EURUSD')!;
          server.market.status(inst, true, Date.now());
          server.market.tick(inst, bid, ask, Date.now());
        };
        quote(1.1, 1.1002);
        const eurusd = (await api.get('/v1/api/forex/trade_list', {})).data.find((p: { Code: string }) => p.Code === 'EURUSD').Id;
        const placed = await api.get('/v1/api/forex/submit', { type: 1, cont: 0.1, forex_id: eurusd, status: 1, multiple: 100 }, t.token);
        expect(placed).toMatchObject({ code: 1 });
        quote(1.09, 1.0902);
        const { balance: available } = await balance(t.token);
        const draw = (number: number | string) => api.form('/api/account/draw', { draw_currency_id: currency.id, number, draw_method_id: method.id }, t.token);
        // Margin 110.02 and fee 0.5 are out of available; the open loss is (1.09 - 1.1002) x 10,000 = -102.
        expect(available).toBe('1889.480000');
        expect(await draw(1800)).toMatchObject({ code: 0, msg: 'You can withdraw at most 1,787.48 USD now (open positions and pending orders keep their margin)' });
        // A third decimal is refused by name, never rounded (10.005 would hold 10.01).
        expect(await draw(10.005)).toMatchObject({ code: 0, msg: 'Amount has too many decimal places' });
        // Nor when the places are more than a number holds: this text would be read as 10.01.
        expect(await draw('10.009999999999999999')).toMatchObject({ code: 0, msg: 'Amount has too many decimal places' });
        expect(await draw(1787.48)).toMatchObject({ code: 1 });
        expect(await balance(t.token)).toMatchObject({ balance: '102.000000', lock_balance: '1787.480000' });
        // Beside the request staff see what trading came of the money: the one position, once closed.
        const waiting = async () => (await adminGet('/withdrawals', { status: 'waiting', trader: String(t.id) }, t.finance)).data.data[0];
        expect(await waiting()).toMatchObject({ closed_trades: 0 });
        expect(await api.get('/v1/api/forex/close', { id: placed.data.Id }, t.token)).toMatchObject({ code: 1 });
        expect(await waiting()).toMatchObject({ closed_trades: 1 });
      });

      it('keep the open loss in the account when requests come at once: each sees the others\' holds', async () => {
        const t = await funded(2000);
        await verified(t);
        const { currency, method } = await boundAddress(t.token);
        const inst = server.market.instrument('EURUSD')!;
        server.market.status(inst, true, Date.now());
        server.market.tick(inst, 1.1, 1.1002, Date.now());
        const eurusd = (await api.get('/v1/api/forex/trade_list', {})).data.find((p: { Code: string }) => p.Code === 'EURUSD').Id;
        expect(await api.get('/v1/api/forex/submit', { type: 1, cont: 0.1, forex_id: eurusd, status: 1, multiple: 100 }, t.token)).toMatchObject({ code: 1 });
        server.market.tick(inst, 1.09, 1.0902, Date.now());
        // Available 1,889.48, open loss 102: 1,787.48 is free. Each request fits alone, the two do not.
        const draw = (number: number) => api.form('/api/account/draw', { draw_currency_id: currency.id, number, draw_method_id: method.id }, t.token);
        const answers = await Promise.all([draw(1000), draw(800)]);
        expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
        const { balance: available, lock_balance: held } = await balance(t.token);
        expect(Number(available) - 102).toBeGreaterThanOrEqual(0);
        expect(Number(available) + Number(held)).toBeCloseTo(1889.48, 6);
      });

      it('at or above the threshold need two staff members: the first cannot be the second', async () => {
        const t = await funded(3000);
        await verified(t);
        const { currency, method } = await boundAddress(t.token);
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 1500, draw_method_id: method.id }, t.token)).toMatchObject({ code: 1 });
        const [a, b] = [await staff('finance', 'first.approver@staff.example'), await staff('finance', 'payer@staff.example')];
        const [item] = (await adminGet('/withdrawals', { status: 'waiting' }, a)).data.data;
        expect(item).toMatchObject({ needs_two: true, decided_at: null, decided_by: null });
        const pendingBefore = (await adminGet('/pending', {}, a)).data;
        // The first approval pays nothing, so it needs no transaction hash.
        expect(await admin('/withdrawals/approve', { id: item.id }, a)).toMatchObject({ code: 1, data: { status: 'approved' } });
        // Still waiting for staff, now among the second approvals the queue lists apart.
        expect((await adminGet('/pending', {}, a)).data).toMatchObject({ withdrawals: pendingBefore.withdrawals, second_approvals: pendingBefore.second_approvals + 1 });
        expect(await admin('/withdrawals/approve', { id: item.id, txid: 'T-9' }, a)).toMatchObject({ code: 0, msg: 'A second staff member must approve this' });
        expect(await api.form('/api/account/draw_cancel', { id: item.id }, t.token))
          .toMatchObject({ code: 0, msg: 'This withdrawal is already approved and being paid, so it can no longer be cancelled' });
        expect(await balance(t.token)).toMatchObject({ lock_balance: '1500.000000' });
        // The approval that pays does.
        expect(await admin('/withdrawals/approve', { id: item.id }, b)).toEqual({ code: 0, msg: 'Enter the transaction hash or bank reference of the payment', data: { approve_note: 'required' } });
        expect(await balance(t.token)).toMatchObject({ lock_balance: '1500.000000' });
        expect(await admin('/withdrawals/approve', { id: item.id, txid: 'T-9' }, b)).toMatchObject({ code: 1, data: { status: 'paid' } });
        // The paid row names both staff members and when it was decided.
        const paid = (await adminGet('/withdrawals', { status: 'paid' }, a)).data.data.find((w: { id: number }) => w.id === item.id);
        // Paid is done, for the first approver too: not a second approval they could not give.
        expect(await admin('/withdrawals/approve', { id: item.id, txid: 'T-10' }, a)).toMatchObject({ code: 0, msg: 'This request has already been handled' });
        expect(await admin('/withdrawals/approve', { id: item.id }, b)).toMatchObject({ code: 0, msg: 'This request has already been handled' });
        expect(paid).toMatchObject({ first_approver_email: 'first.approver@staff.example', decided_by: 'payer@staff.example' });
        expect(paid.decided_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        // The audit log answers who did what to this request: the approval and the payment apart.
        const root = await staff('admin');
        const trail = async (query: Record<string, string>) =>
          (await adminGet('/audit', query, root)).data.data.map((r: { action: string; staff_email: string }) => [r.action, r.staff_email]);
        expect(await trail({ target: `withdrawal:${item.id}` })).toEqual([
          ['withdrawal.pay', 'payer@staff.example'], ['withdrawal.approve', 'first.approver@staff.example'],
        ]);
        expect(await trail({ target: `withdrawal:${item.id}`, action: 'withdrawal', staff_email: 'PAYER@staff.example' })).toEqual([['withdrawal.pay', 'payer@staff.example']]);
        expect(await trail({ target: `withdrawal:${item.id}`, action: 'withdraw' })).toEqual([]);
        expect(await balance(t.token)).toMatchObject({ balance: '1500.000000', lock_balance: '0.000000' });
        const paidRow = (await api.get('/api/account/draw_list', { type: 1, page: 1 }, t.token)).data.data[0];
        expect(paidRow).toMatchObject({ status: 'paid', status_name: 'Paid', txid: 'T-9' });
        expect(paidRow.resolved_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        expect(await offLedger()).toEqual([]);
      });
    });

    describe('identity', () => {
      it('is rejected with a reason, sent again, approved; a demo account is refused', async () => {
        const t = await trader();
        expect((await api.get('/api/user_real/center', {}, t.token)).data).toMatchObject({ status: 0, review_status: 0 });
        const images = async () => ({ front_pic: (await upload(t.token, await png())).data!.url, reverse_pic: (await upload(t.token, await png())).data!.url });
        // Punctuation alone is no ID number (and, compared by letters and digits, would match every other such one).
        const pictures = await images();
        for (const card_id of ['----', '!!!!', 'A-1-', '<script>', 'AB12"34']) {
          expect(await api.form('/api/user_real/real_name', { name: 'Ann', card_id, ...pictures }, t.token)).toMatchObject({ code: 0, msg: 'ID number is invalid' });
        }
        // Typed on a Persian keyboard, the same digits.
        expect(await api.form('/api/user_real/real_name', { name: 'Ann', card_id: 'AB۱۲۳۴۵۶۷', ...pictures }, t.token)).toMatchObject({ code: 1 });
        expect(await api.form('/api/user_real/real_name', { name: 'Ann', card_id: 'AB1234567', ...(await images()) }, t.token)).toMatchObject({ code: 0 });
        const center = (await api.get('/api/user_real/center', {}, t.token)).data;
        expect(center).toMatchObject({ status: 1, review_status: 1, card_id: 'AB1***567', reviewed_at: null, submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
        expect((await fetch(`${server.url}${center.front_pic}`)).status).toBe(200);

        const compliance = await staff('compliance');
        const [item] = (await adminGet('/identity', { status: 1 }, compliance)).data.data;
        // The language the trader asked in goes with it: the reason reaches them by mail in it.
        expect(item).toMatchObject({ user_id: t.id, card_id: 'AB1234567', same_id_verified: [], same_pictures: false, lang: 'en' });
        expect(await admin('/identity/reject', { user_id: t.id, reason: 'Photo is blurred.' }, compliance)).toMatchObject({ code: 1 });
        // The mail sets the reason in its own sentence: one full stop after it, not two.
        await expect.poll(() => server.lastMail(t.email)).toContain('was rejected: Photo is blurred. You can correct it');
        // The rejected form comes back whole, pictures included, and may be sent again as it is.
        const rejected = (await api.get('/api/user_real/center', {}, t.token)).data;
        expect(rejected).toMatchObject({ status: 0, review_status: 3, reason: 'Photo is blurred.', name: 'Ann', card_id: 'AB1234567', attempts_left: 4, reviewed_at: expect.stringMatching(/^\d{4}-\d\d-\d\d /) });
        expect(await api.form('/api/user_real/real_name', { name: 'Ann Lee', card_id: rejected.card_id, front_pic: rejected.front_pic, reverse_pic: rejected.reverse_pic }, t.token)).toMatchObject({ code: 1 });
        expect((await api.get('/api/user_real/center', {}, t.token)).data.card_id).toBe('AB1***567');
        expect(await admin('/identity/approve', { user_id: t.id }, compliance)).toMatchObject({ code: 1 });
        expect((await api.get('/api/user_real/center', {}, t.token)).data).toMatchObject({ status: 2, review_status: 2, reviewed_at: expect.stringMatching(/^\d{4}-\d\d-\d\d /) });

        const twin = await trader();
        const twinImages = { front_pic: (await upload(twin.token, await png())).data!.url, reverse_pic: (await upload(twin.token, await png())).data!.url };
        expect(await api.form('/api/user_real/real_name', { name: 'Bob', card_id: 'ab-1234567', ...twinImages }, twin.token)).toMatchObject({ code: 1 });
        expect((await adminGet('/identity', { status: 1 }, compliance)).data.data[0]).toMatchObject({ user_id: twin.id, same_id_verified: [t.id] });

        const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
        expect(await api.get('/api/user_real/center', {}, demo.data.token)).toMatchObject({ code: 0, msg: 'Please register or log in to a real account' });
      });

      it('after five rejections waits for compliance to allow one more submission, and says so in the audit log', async () => {
        const t = await trader();
        const compliance = await staff('compliance');
        const send = async () => api.form('/api/user_real/real_name', {
          name: 'Ann Lee', card_id: 'AB1234567', front_pic: (await upload(t.token, await png())).data!.url, reverse_pic: (await upload(t.token, await png())).data!.url,
        }, t.token);
        const reject = () => admin('/identity/reject', { user_id: t.id, reason: 'Unreadable' }, compliance);
        expect(await send()).toMatchObject({ code: 1 });
        // Waiting for review: nothing to reopen, and not "already handled" either.
        expect(await admin('/identity/reopen', { user_id: t.id }, compliance)).toMatchObject({ code: 0, msg: 'Only a rejected verification can be reopened' });
        // Not used up yet: nothing to reopen.
        expect(await reject()).toMatchObject({ code: 1 });
        expect(await admin('/identity/reopen', { user_id: t.id }, compliance)).toMatchObject({ code: 0, msg: 'The trader can still send their documents again' });
        for (let i = 2; i <= 5; i++) {
          expect(await send()).toMatchObject({ code: 1 });
          expect(await reject()).toMatchObject({ code: 1 });
        }
        expect((await api.get('/api/user_real/center', {}, t.token)).data).toMatchObject({ review_status: 3, attempts_left: 0 });
        expect(await send()).toMatchObject({ code: 0, msg: 'You have submitted 5 times; please contact customer service' });
        const [item] = (await adminGet('/identity', { status: 3, trader: String(t.id) }, compliance)).data.data;
        expect(item).toMatchObject({ attempts: 5, attempts_left: 0 });
        // Finance may not; the submission seen must be the one there.
        expect(await admin('/identity/reopen', { user_id: t.id }, await staff('finance'))).toMatchObject({ code: 0 });
        expect(await admin('/identity/reopen', { user_id: t.id, attempt: 4 }, compliance)).toMatchObject({ code: 0, msg: 'This request changed after you opened it: open it again before deciding' });
        expect(await admin('/identity/reopen', { user_id: t.id, attempt: 5 }, compliance)).toMatchObject({ code: 1 });
        expect(await admin('/identity/reopen', { user_id: t.id, attempt: 5 }, compliance)).toMatchObject({ code: 0, msg: 'The trader can still send their documents again' });
        expect((await api.get('/api/user_real/center', {}, t.token)).data).toMatchObject({ attempts_left: 1 });
        expect(await send()).toMatchObject({ code: 1 });
        expect(await admin('/identity/approve', { user_id: t.id }, compliance)).toMatchObject({ code: 1 });
        const [logged] = (await adminGet('/audit', { action: 'identity.reopen' }, await staff('admin'))).data.data;
        expect(logged).toMatchObject({ action: 'identity.reopen', target: `user:${t.id}` });
      });

      it('takes two uploads, flags one file uploaded twice to staff, and decides only the submission the reviewer saw', async () => {
        const t = await trader();
        const picture = async () => (await upload(t.token, await png())).data!.url;
        const one = await picture();
        const same = { name: 'Ann Lee', card_id: 'AB1234567', front_pic: one, reverse_pic: one };
        expect(await api.form('/api/user_real/real_name', same, t.token)).toMatchObject({ code: 0, msg: 'The front and the back must be two different pictures' });
        // One file uploaded twice is taken (a trader may have one scan of both sides); staff see it flagged.
        const file = await png();
        const twice = { ...same, front_pic: (await upload(t.token, file)).data!.url, reverse_pic: (await upload(t.token, file)).data!.url };
        expect(await api.form('/api/user_real/real_name', twice, t.token)).toMatchObject({ code: 1 });
        const compliance = await staff('compliance');
        const [seen] = (await adminGet('/identity', { status: 1 }, compliance)).data.data;
        expect(seen).toMatchObject({ attempts: 1, same_pictures: true });
        expect(await admin('/identity/reject', { user_id: t.id, attempt: 1, reason: 'Photo is blurred' }, compliance)).toMatchObject({ code: 1 });
        const rejected = (await api.get('/api/user_real/center', {}, t.token)).data;
        expect(await api.form('/api/user_real/real_name', { ...same, front_pic: rejected.reverse_pic, reverse_pic: rejected.reverse_pic }, t.token))
          .toMatchObject({ code: 0, msg: 'The front and the back must be two different pictures' });

        // Sent again while a reviewer still looks at the first: deciding on what they saw is refused.
        expect(await api.form('/api/user_real/real_name', { name: 'Someone Else', card_id: 'Z9999999', front_pic: await picture(), reverse_pic: await picture() }, t.token)).toMatchObject({ code: 1 });
        expect(await admin('/identity/approve', { user_id: t.id, attempt: 1 }, compliance)).toMatchObject({ code: 0, msg: 'This request changed after you opened it: open it again before deciding' });
        expect((await api.get('/api/user_real/center', {}, t.token)).data).toMatchObject({ review_status: 1 });
        const [current] = (await adminGet('/identity', { status: 1 }, compliance)).data.data;
        expect(current).toMatchObject({ name: 'Someone Else', attempts: 2 });
        expect(await admin('/identity/approve', { user_id: t.id, attempt: 2 }, compliance)).toMatchObject({ code: 1 });
        expect(await admin('/identity/approve', { user_id: t.id, attempt: 2 }, compliance)).toMatchObject({ code: 0, msg: 'This request has already been handled' });
      });
    });

    describe('back-office', () => {
      it('logs staff in with password and TOTP only, keeps traders out, and checks roles', async () => {
        const { secret } = await createStaff(server.store.db, 'ops@staff.example', 'staffpass1', 'compliance');
        // A wrong code and a wrong password get one answer: a guessed password cannot be checked without the code.
        const refused = { code: 0, msg: 'Wrong email, password or authenticator code', data: null };
        expect(await admin('/auth/login', { email: 'ops@staff.example', password: 'staffpass1', otp: '000000' })).toEqual(refused);
        expect(await admin('/auth/login', { email: 'ops@staff.example', password: 'staffpass1' })).toEqual(refused);
        expect(await admin('/auth/login', { email: 'ops@staff.example', password: 'wrong-pass', otp: '000000' })).toEqual(refused);
        expect(await admin('/auth/login', { email: 'ops@staff.example', password: 'wrong-pass', otp: generateSync({ secret }) })).toEqual(refused);
        expect(await admin('/auth/login', { email: 'nobody@staff.example', password: 'staffpass1', otp: '000000' })).toEqual(refused);
        const t = await trader();
        expect((await adminGet('/deposits', {}, t.token)).code).toBe(999);
        const compliance = await staff('compliance');
        expect(await adminGet('/deposits', {}, compliance)).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        expect(await admin('/staff', { email: 'new@staff.example', password: 'staffpass1', role: 'finance' }, compliance)).toMatchObject({ code: 0 });
        const root = await staff('admin');
        const created = await admin('/staff', { email: 'new@staff.example', password: 'staffpass1', role: 'finance' }, root);
        expect(created.data.otpauth).toMatch(/^otpauth:\/\/totp\//);
        const login = await admin('/auth/login', { email: 'new@staff.example', password: 'staffpass1', otp: generateSync({ secret: created.data.totp_secret }) });
        expect(login).toMatchObject({ code: 1, data: { staff: { role: 'finance' } } });
      });

      it('takes an authenticator code once: the same code again, or two logins racing with it, open one session', async () => {
        const { secret } = await createStaff(server.store.db, 'once@staff.example', 'staffpass1', 'finance');
        const login = (otp: string) => admin('/auth/login', { email: 'once@staff.example', password: 'staffpass1', otp });
        const now = Date.now() / 1000;
        const code = generateSync({ secret, epoch: now });
        const answers = await Promise.all([login(code), login(code)]);
        expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
        expect(answers.find((a) => a.code === 0)).toMatchObject({ msg: 'This authenticator code has already been used: wait for the next one' });
        expect(await login(code)).toMatchObject({ code: 0, msg: 'This authenticator code has already been used: wait for the next one' });
        // The next step's code (the clock tolerance lets it in early) is new, and the one before it is not.
        expect(await login(generateSync({ secret, epoch: now + 30 }))).toMatchObject({ code: 1 });
        expect(await login(code)).toMatchObject({ code: 0 });
        expect(await count('staff_sessions', `staff_id = (SELECT id FROM staff WHERE email = 'once@staff.example')`)).toBe(2);
      });

      it('an admin changes another member\'s role, deactivates them with their sessions, and resets their authenticator', async () => {
        const root = await staff('admin', 'root.admin@staff.example');
        const { secret } = await createStaff(server.store.db, 'leaver@staff.example', 'staffpass1', 'finance');
        const login = async (otp?: string) => admin('/auth/login', { email: 'leaver@staff.example', password: 'staffpass1', ...(otp ? { otp } : {}) });
        const session = (await login(generateSync({ secret }))).data.token as string;
        const id = (await adminGet('/staff', {}, root)).data.find((s: { email: string }) => s.email === 'leaver@staff.example').id;

        // Finance becomes compliance: the next call already has the new role.
        expect(await admin('/staff/update', { id, role: 'compliance', active: 1 }, root)).toMatchObject({ code: 1, data: { id, role: 'compliance', active: true } });
        expect(await adminGet('/deposits', {}, session)).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        // Deactivated: the open session ends, and so does logging in.
        expect(await admin('/staff/update', { id, role: 'compliance', active: 0 }, root)).toMatchObject({ code: 1, data: { active: false } });
        expect((await adminGet('/identity', {}, session)).code).toBe(999);
        expect(await login(generateSync({ secret }))).toMatchObject({ code: 0 });
        // Back, with a new authenticator after the reset: its secret goes to the admin to hand over, the
        // old one's code no longer works, and the password alone enrols nobody.
        expect(await admin('/staff/update', { id, role: 'compliance', active: 1 }, root)).toMatchObject({ code: 1 });
        const reset = await admin('/staff/reset-authenticator', { id }, root);
        expect(reset).toMatchObject({ code: 1, data: { otpauth: expect.stringMatching(/^otpauth:\/\/totp\//) } });
        expect(reset.data.totp_secret).not.toBe(secret);
        expect(await login()).toMatchObject({ code: 0, msg: 'Wrong email, password or authenticator code' });
        expect(await login(generateSync({ secret }))).toMatchObject({ code: 0, msg: 'Wrong email, password or authenticator code' });
        expect(await login(generateSync({ secret: reset.data.totp_secret }))).toMatchObject({ code: 1 });
        // A member with no authenticator yet (the first admin, started without ADMIN_TOTP_SECRET) enrols
        // at login. Logins racing to enrol (a double click) all show the one secret kept. Showing it
        // follows a right password and costs no attempt: after two wrong codes, its code still signs in.
        await server.store.db.execute(sql`UPDATE staff SET totp_secret = NULL, totp_last_step = NULL WHERE id = ${id}`);
        const enrolments = await Promise.all([1, 2, 3].map(() => login()));
        expect(enrolments.map((answer) => answer.msg)).toEqual(Array(3).fill('Scan the code with your authenticator app, then log in with the 6-digit code'));
        const secrets = new Set(enrolments.map((answer) => answer.data.secret as string));
        expect(secrets.size).toBe(1);
        for (const wrong of ['000000', '999999']) expect(await login(wrong)).toMatchObject({ code: 0, msg: 'Wrong email, password or authenticator code' });
        expect(await login(generateSync({ secret: [...secrets][0] as string }))).toMatchObject({ code: 1 });

        // Nobody changes their own, only an admin changes anyone, and an unknown id is named.
        const rootId = (await adminGet('/staff', {}, root)).data.find((s: { email: string }) => s.email === 'root.admin@staff.example').id;
        expect(await admin('/staff/update', { id: rootId, role: 'finance', active: 1 }, root)).toMatchObject({ code: 0, msg: 'You cannot change your own role, access or authenticator' });
        expect(await admin('/staff/update', { id, role: 'admin', active: 1 }, await staff('finance'))).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        expect(await admin('/staff/update', { id: 999999, role: 'finance', active: 1 }, root)).toMatchObject({ code: 0, msg: 'There is no such staff member' });
        // Each change is in the audit log, as it was and as it became.
        const log = (await adminGet('/audit', { action: 'staff.update' }, root)).data.data;
        expect(log[log.length - 1]).toMatchObject({ target: `staff:${id}`, before: { role: 'finance', active: true }, after: { role: 'compliance', active: true } });
        expect((await adminGet('/audit', { action: 'staff.reset_authenticator' }, root)).data.total).toBe(1);
      });

      it('narrows a queue to one trader by uid or email, and to nothing for nobody', async () => {
        const finance = await staff('finance');
        const [ann, ben] = [await trader('ann.search@example.com'), await trader()];
        expect(await deposit(ann.token, 111)).toMatchObject({ code: 1 });
        expect(await deposit(ben.token, 222)).toMatchObject({ code: 1 });
        const amounts = async (who: string) => (await adminGet('/deposits', { status: 0, trader: who }, finance)).data.data.map((d: { amount: string }) => Number(d.amount));
        expect(await amounts('ann.search@example.com')).toEqual([111]);
        const [row] = (await adminGet('/deposits', { status: 0, trader: String(ben.id) }, finance)).data.data;
        expect(row).toMatchObject({ user_id: ben.id });
        expect(await amounts(row.uid)).toEqual([222]);
        expect((await adminGet('/deposits', { status: 0, trader: 'nobody@example.com' }, finance)).data).toEqual({ data: [], total: 0 });
        expect((await adminGet('/withdrawals', { status: 'waiting', trader: 'ann.search@example.com' }, finance)).data.total).toBe(0);
      });

      it('lists what waits oldest first, and what was decided newest first', async () => {
        const finance = await staff('finance');
        const t = await trader();
        for (const amount of [111, 222]) expect(await deposit(t.token, amount)).toMatchObject({ code: 1 });
        const amounts = async (status: number) => (await adminGet('/deposits', { status, trader: String(t.id) }, finance)).data.data.map((d: { amount: string }) => Number(d.amount));
        expect(await amounts(0)).toEqual([111, 222]);
        for (const { id } of (await adminGet('/deposits', { status: 0, trader: String(t.id) }, finance)).data.data) {
          expect(await admin('/deposits/approve', { id }, finance)).toMatchObject({ code: 1 });
        }
        expect(await amounts(1)).toEqual([222, 111]);
      });

      it('counts what waits in each queue of the staff member\'s role', async () => {
        const finance = await staff('finance');
        const before = (await adminGet('/pending', {}, finance)).data;
        expect(Object.keys(before).sort()).toEqual(['adjustments', 'deposits', 'second_approvals', 'withdrawals']);
        const t = await trader();
        expect(await deposit(t.token, 120)).toMatchObject({ code: 1 });
        expect((await adminGet('/pending', {}, finance)).data.deposits).toBe(before.deposits + 1);
        const compliance = (await adminGet('/pending', {}, await staff('compliance'))).data;
        expect(Object.keys(compliance)).toEqual(['identity']);
        const all = (await adminGet('/pending', {}, await staff('admin'))).data;
        expect(Object.keys(all).sort()).toEqual(['adjustments', 'deposits', 'feedback', 'identity', 'second_approvals', 'withdrawals']);
        // Feedback not handled yet waits for admins too.
        expect(await api.form('/api/feedback', { text: 'Please add gold' })).toMatchObject({ code: 1 });
        expect((await adminGet('/pending', {}, await staff('admin'))).data.feedback).toBe(all.feedback + 1);
      });

      it('limits staff logins per account: wrong codes and passwords cannot be guessed on and on', async () => {
        const { secret } = await createStaff(server.store.db, 'guess@staff.example', 'staffpass1', 'finance');
        for (let i = 0; i < 5; i++) {
          expect(await admin('/auth/login', { email: 'guess@staff.example', password: 'staffpass1', otp: String(100000 + i) })).toMatchObject({ code: 0, msg: 'Wrong email, password or authenticator code' });
        }
        // Sent at once, none of these may reach the check: the right code waits too.
        const burst = await Promise.all([1, 2, 3].map(() => admin('/auth/login', { email: 'GUESS@staff.example', password: 'wrong-pass' })));
        for (const res of burst) expect(res).toMatchObject({ code: 0, msg: expect.stringMatching(/^Too many attempts, please try again in \d+ (seconds?|minutes)$/) });
        expect(await admin('/auth/login', { email: 'guess@staff.example', password: 'staffpass1', otp: generateSync({ secret }) })).toMatchObject({ code: 0, msg: expect.stringMatching(/^Too many attempts/) });
        // Another member is not held up by it.
        await staff('finance');
      });

      it('takes an 80-bit TOTP secret, as authenticator set-ups often hand out', async () => {
        await ensureAdmin(server.store.db, { adminEmail: 'short@staff.example', adminPassword: 'staffpass1', adminTotpSecret: 'JBSWY3DPEHPK3PXP' } as Config);
        const login = await admin('/auth/login', { email: 'short@staff.example', password: 'staffpass1', otp: generateSync({ secret: 'JBSWY3DPEHPK3PXP', guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) }) });
        expect(login).toMatchObject({ code: 1, data: { staff: { role: 'admin' } } });
        await expect(ensureAdmin(server.store.db, { adminEmail: 'bad@staff.example', adminPassword: 'staffpass1', adminTotpSecret: 'JBSWY3DP' } as Config))
          .rejects.toThrow(/ADMIN_TOTP_SECRET/);
      });

      it('applies a manual adjustment only with a second staff member, and keeps an audit log nobody can change', async () => {
        const t = await trader();
        const [a, b] = [await staff('finance'), await staff('finance')];
        expect(await admin('/adjust', { user_id: t.id, amount: 0.0000001, reason: 'Dust' }, a)).toMatchObject({ code: 0, msg: 'Amount has too many decimal places' });
        // To the cent, as every withdrawal is: a fraction of a cent could never be paid out.
        expect(await admin('/adjust', { user_id: t.id, amount: '10.123', reason: 'Dust' }, a)).toMatchObject({ code: 0, msg: 'Amount has too many decimal places' });
        // A demo account's money is play money.
        const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
        expect(await admin('/adjust', { user_id: demo.data.id, amount: 5, reason: 'Goodwill' }, a))
          .toMatchObject({ code: 0, msg: 'A demo account holds no real money and cannot be adjusted' });
        // No manual correction is a hundred billion: a million either way at most.
        expect(await admin('/adjust', { user_id: t.id, amount: 100_000_000_000, reason: 'Typo' }, a)).toMatchObject({ code: 0, msg: 'Amount is out of range' });
        expect(await admin('/adjust', { user_id: t.id, amount: -1_000_001, reason: 'Typo' }, a)).toMatchObject({ code: 0, msg: 'Amount is out of range' });
        const asked = await admin('/adjust', { user_id: t.id, amount: 25.5, reason: 'Goodwill' }, a);
        expect(asked.code).toBe(1);
        // The checker sees who it is for and what they hold.
        expect((await adminGet('/adjustments', { status: 'pending' }, b)).data.data.find((r: { id: number }) => r.id === asked.data.id))
          .toMatchObject({ user_id: t.id, email: expect.stringContaining('@'), uid: expect.any(String), available: '0.000000', amount: '25.500000' });
        expect(await balance(t.token)).toMatchObject({ balance: '0.000000' });
        expect(await admin('/adjust/approve', { id: asked.data.id }, a)).toMatchObject({ code: 0, msg: 'A second staff member must approve this' });
        expect(await admin('/adjust/approve', { id: asked.data.id }, b)).toMatchObject({ code: 1 });
        expect(await admin('/adjust/approve', { id: asked.data.id }, b)).toMatchObject({ code: 0 });
        expect(await balance(t.token)).toMatchObject({ balance: '25.500000' });
        expect(await offLedger()).toEqual([]);
        // Beside the trader's next request, money paid in counts the adjustment.
        expect(await deposit(t.token, 100)).toMatchObject({ code: 1 });
        expect((await adminGet('/deposits', { status: 0, trader: String(t.id) }, a)).data.data[0]).toMatchObject({ net_deposits: '25.500000' });

        expect(await admin('/auth/logout', {}, b)).toMatchObject({ code: 1 });
        const root = await staff('admin');
        const log = (await adminGet('/audit', { page: 1 }, root)).data;
        expect(log.data.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(['adjustment.request', 'adjustment.approve', 'staff.login', 'staff.logout']));
        expect(log.data.find((r: { action: string }) => r.action === 'adjustment.request')).toMatchObject({ reason: 'Goodwill', ip: '127.0.0.1' });
        // Its whole story under its own id: who asked, and who approved.
        const story = (await adminGet('/audit', { target: `adjustment:${asked.data.id}` }, root)).data.data;
        expect(story.map((r: { action: string }) => r.action)).toEqual(['adjustment.approve', 'adjustment.request']);
        await expect(server.store.db.execute(sql`UPDATE audit_log SET reason = 'nothing happened'`)).rejects.toThrow();
        await expect(server.store.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
        expect(await count('audit_log')).toBe(log.total);
      });
    });

    describe('funds set-up', () => {
      it('comes with one example of each, and admins replace them; traders see the change at once', async () => {
        const root = await staff('admin');
        const channels = (await adminGet('/funds/channels', {}, root)).data;
        expect(channels.networks).toEqual([expect.objectContaining({ protocol_code: 'TRC20', example: true })]);
        expect(channels.wire_accounts).toHaveLength(1);
        expect(channels.currencies.map((c: { type: number }) => c.type)).toEqual([1, 2]);

        expect(await admin('/funds/network', { currency_code: 'USDT', protocol_code: 'TRC20', address: TRON_BROKEN, min_amount: 20, max_amount: 500 }, root))
          .toMatchObject({ code: 0, msg: 'This is not a valid TRC20 address' });
        expect(await admin('/funds/network', { currency_code: 'USDT', protocol_code: 'TRC20', address: TRON, min_amount: 500, max_amount: 20 }, root))
          .toMatchObject({ code: 0, msg: 'The maximum must not be below the minimum' });
        // A network whose addresses nothing here can check is refused, not trusted.
        expect(await admin('/funds/network', { currency_code: 'XYZ', protocol_code: 'FOO', address: 'abc', min_amount: 20, max_amount: 500 }, root))
          .toMatchObject({ code: 0, msg: 'Addresses on FOO cannot be checked here: use TRC20, ERC20, BEP20 or BTC' });
        // A withdrawal fee rate of 100 % or more would leave nothing to arrive.
        const [coin] = channels.currencies;
        const currency = { id: coin.id, type: coin.type, code: coin.code, protocol: coin.protocol, usd_price: 1, min_amount: 10 };
        expect(await admin('/funds/currency', { ...currency, fee_type: 2, draw_rate: 5 }, root))
          .toMatchObject({ code: 0, msg: 'A withdrawal fee rate must be below 1 (1 is 100 %): at 5 nothing would arrive' });
        // A payout currency by address on such a network could be chosen and never bound.
        expect(await admin('/funds/currency', { type: 1, code: 'XRP', protocol: 'XRPL', fee_type: 1, draw_rate: 1, usd_price: 1, min_amount: 10 }, root))
          .toMatchObject({ code: 0, msg: 'Addresses on XRPL cannot be checked here: use TRC20, ERC20, BEP20 or BTC' });
        const saved = await admin('/funds/network', { id: channels.networks[0].id, currency_code: 'usdt', protocol_code: 'trc20', address: TRON, min_amount: 20, max_amount: 500 }, root);
        expect(saved).toMatchObject({ code: 1 });
        expect((await adminGet('/funds/channels', {}, root)).data.networks[0]).toMatchObject({ example: false, min_amount: '20.000000', protocol_code: 'TRC20' });
        const t = await trader();
        const proof = (await upload(t.token, await png())).data!.url;
        expect(await api.get('/api/quickCharge/submit', { number: 600, proofImg: proof, address: TRON, charge_id: channels.networks[0].id }, t.token))
          .toMatchObject({ code: 0, msg: 'The amount must be between 20 and 500 USD' });
        expect(await admin('/funds/network', { id: channels.networks[0].id, currency_code: 'USDT', protocol_code: 'TRC20', address: TRON, min_amount: 20, max_amount: 500, active: false }, root)).toMatchObject({ code: 1 });
        expect((await api.get('/api/quickCharge/info', {}, t.token)).data).toEqual([]);
        const finance = await staff('finance');
        expect(await admin('/funds/bank_coin', { name: 'EUR' }, finance)).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        expect(await count('audit_log', "action LIKE 'funds.%'")).toBe(2);
      });

      it('takes wires to a bank account only while its currency is on, records that currency, and audits a new row by its id', async () => {
        const root = await staff('admin');
        const coin = await admin('/funds/bank_coin', { name: 'EUR' }, root);
        expect(coin).toMatchObject({ code: 1 });
        const account = await admin('/funds/wire_account', {
          bank_coin_id: coin.data.id, bank_name: 'Euro Bank', bank_address: '1 Quay', bank_swift: 'EUROBEBB', payee_name: 'Desk Ltd', payee_account: 'BE71096123456769', min_amount: 10, max_amount: 5000,
        }, root);
        expect(account).toMatchObject({ code: 1 });
        // Who did what is found by the new row's id, as every later edit of it is.
        expect((await adminGet('/audit', { target: `bank_coin:${coin.data.id}` }, root)).data.total).toBe(1);
        expect((await adminGet('/audit', { target: `wire_account:${account.data.id}` }, root)).data.total).toBe(1);

        const t = await trader();
        expect((await api.get('/api/quickCharge/wire_info', { bank_coin: coin.data.id }, t.token)).data).toHaveLength(1);
        const proof = async () => (await upload(t.token, await png())).data!.url;
        expect(await api.get('/api/quickCharge/wire_submit', { number: 40, proofImg: await proof(), wire_id: account.data.id }, t.token)).toMatchObject({ code: 1 });
        // The amount is USD (spec); the record says which currency travelled.
        expect((await api.get('/api/quickCharge/quick_ist', { type: 1, page: 1 }, t.token)).data.data[0]).toMatchObject({ number: '40.000000', currency_code: 'EUR' });

        expect(await admin('/funds/bank_coin', { id: coin.data.id, name: 'EUR', active: false }, root)).toMatchObject({ code: 1 });
        expect((await api.get('/api/quickCharge/wire_info', { bank_coin: coin.data.id }, t.token)).data).toEqual([]);
        expect(await api.get('/api/quickCharge/wire_submit', { number: 40, proofImg: await proof(), wire_id: account.data.id }, t.token)).toMatchObject({ code: 0 });
        expect(await count('deposits')).toBe(1);
      });

      it('keeps the network of a currency that has payout accounts: another network is a new currency', async () => {
        const t = await trader();
        const { currency } = await boundAddress(t.token);
        const root = await staff('admin');
        const row = (await adminGet('/funds/channels', {}, root)).data.currencies.find((c: { id: number }) => c.id === currency.id);
        const edit = (change: Record<string, unknown>) => admin('/funds/currency', {
          id: row.id, type: row.type, code: row.code, protocol: row.protocol, fee_type: row.fee_type, draw_rate: Number(row.draw_rate), usd_price: Number(row.usd_price), min_amount: Number(row.min_amount), ...change,
        }, root);
        const inUse = { code: 0, msg: 'This currency already has payout accounts or withdrawals, so its type, code and network cannot change: add a new currency instead' };
        expect(await edit({ protocol: 'ERC20' })).toMatchObject(inUse);
        expect(await edit({ type: 2 })).toMatchObject(inUse);
        expect(await edit({ code: 'USDC' })).toMatchObject(inUse);
        expect(await edit({ min_amount: 20 })).toMatchObject({ code: 1 });
        expect((await api.get('/api/wallet/get_draw_method', { draw_type: 1 }, t.token)).data[0]).toMatchObject({ draw_currency: { protocol: 'TRC20' } });
        // One nobody uses yet may still be corrected.
        const fresh = await admin('/funds/currency', { type: 1, code: 'USDT', protocol: 'ERC20', fee_type: 1, draw_rate: 1, usd_price: 1, min_amount: 10 }, root);
        expect(fresh).toMatchObject({ code: 1 });
        expect(await admin('/funds/currency', { id: fresh.data.id, type: 1, code: 'USDT', protocol: 'BEP20', fee_type: 1, draw_rate: 1, usd_price: 1, min_amount: 10 }, root)).toMatchObject({ code: 1 });
      });

      it('changes a setting without a restart, and refuses a value of the wrong shape', async () => {
        const t = await funded(300);
        await verified(t);
        const { currency, method } = await boundAddress(t.token);
        const root = await staff('admin');
        expect(await admin('/settings', { key: 'four_eyes_threshold', value: 'low' }, root)).toMatchObject({ code: 0, msg: 'This value does not fit the setting' });
        expect(await admin('/settings', { key: 'no_such_thing', value: 1 }, root)).toMatchObject({ code: 0 });
        // Of the right kind but not a value the site can use: each would break what reads it.
        const unusable: [string, unknown][] = [
          ['verify_reg_type', 99], ['trade_fee_type', 99], ['service_link_type', -1], ['main_mode', 5], ['withdraw_needs_identity', 7],
          ['stop_out_level', 1e12], ['stop_out_level', -100], ['four_eyes_threshold', -5],
          ['loss_url', 'javascript:alert(1)'], ['service_link', 'javascript:alert(1)'], ['complaint_email', 'not an email'],
        ];
        for (const [key, value] of unusable) {
          expect(await admin('/settings', { key, value }, root), `${key} ${String(value)}`).toMatchObject({ code: 0, msg: 'This value does not fit the setting' });
        }
        expect((await api.get('/api/basicSet/getBasicInfo', {})).code).toBe(1);
        expect(await admin('/settings', { key: 'loss_url', value: 'https://example.org/closed' }, root)).toMatchObject({ code: 1 });
        // Kept as read: a link pasted with spaces around it is stored without them.
        expect(await admin('/settings', { key: 'service_link', value: '  https://chat.example.org/help ' }, root)).toMatchObject({ code: 1 });
        expect((await api.get('/api/basicSet/getBasicInfo', {})).data.service_link).toBe('https://chat.example.org/help');
        expect(await admin('/settings', { key: 'four_eyes_threshold', value: 100 }, root)).toMatchObject({ code: 1 });
        expect((await adminGet('/settings', {}, root)).data.four_eyes_threshold).toBe(100);
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 150, draw_method_id: method.id }, t.token)).toMatchObject({ code: 1 });
        const [item] = (await adminGet('/withdrawals', { status: 'waiting' }, root)).data.data;
        expect(item.needs_two).toBe(true);
        expect(await admin('/withdrawals/approve', { id: item.id, txid: 'T' }, root)).toMatchObject({ data: { status: 'approved' } });
        // Raised above it once approved, the request still waits for its second member and is paid by them.
        expect(await admin('/settings', { key: 'four_eyes_threshold', value: 5000 }, root)).toMatchObject({ code: 1 });
        expect((await adminGet('/withdrawals', { status: 'approved' }, root)).data.data.find((w: { id: number }) => w.id === item.id)).toMatchObject({ needs_two: true });
        expect(await admin('/withdrawals/approve', { id: item.id, txid: 'T' }, root)).toMatchObject({ code: 0, msg: 'A second staff member must approve this' });
        expect(await admin('/withdrawals/approve', { id: item.id, txid: 'T' }, await staff('finance'))).toMatchObject({ code: 1, data: { status: 'paid' } });
        expect(await balance(t.token)).toMatchObject({ lock_balance: '0.000000' });

        // Raised before any approval, it does not let one member pay alone what needed two when asked.
        expect(await admin('/settings', { key: 'four_eyes_threshold', value: 30 }, root)).toMatchObject({ code: 1 });
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 40, draw_method_id: method.id }, t.token)).toMatchObject({ code: 1 });
        const [asked] = (await adminGet('/withdrawals', { status: 'waiting' }, root)).data.data;
        expect(await admin('/settings', { key: 'four_eyes_threshold', value: 1e9 }, root)).toMatchObject({ code: 1 });
        expect((await adminGet('/withdrawals', { status: 'waiting' }, root)).data.data[0]).toMatchObject({ id: asked.id, needs_two: true });
        expect(await admin('/withdrawals/approve', { id: asked.id, txid: 'SOLO' }, root)).toMatchObject({ code: 1, data: { status: 'approved' } });
        expect(await admin('/withdrawals/approve', { id: asked.id, txid: 'SOLO' }, root)).toMatchObject({ code: 0, msg: 'A second staff member must approve this' });

        // A rate staff may set is bounded, and what arrives must fit the books whatever the rate: refused, never a 500.
        const row = (await adminGet('/funds/channels', {}, root)).data.currencies.find((c: { id: number }) => c.id === currency.id);
        const rated = (usd_price: number) => admin('/funds/currency', {
          id: row.id, type: row.type, code: row.code, protocol: row.protocol, fee_type: row.fee_type, draw_rate: Number(row.draw_rate), usd_price, min_amount: Number(row.min_amount),
        }, root);
        expect(await rated(1e12)).toMatchObject({ code: 0 });
        expect(await rated(1e7)).toMatchObject({ code: 1 });
        expect(await api.form('/api/account/draw', { draw_currency_id: currency.id, number: 2_000_000, draw_method_id: method.id }, t.token))
          .toMatchObject({ code: 0, msg: 'Amount is out of range' });
      });
    });

    async function count(table: string, where = 'true') {
      return rowsOf<{ n: number }>(await server.store.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)))[0]!.n;
    }
  });
}
