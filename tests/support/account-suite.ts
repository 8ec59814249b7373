import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreOptions } from '../../server/platform/store/open';
import { rowsOf } from '../../server/platform/store/open';
import { client } from './http';
import { startServer, type TestServer } from './server';
import { sweepIdleDemos } from '../../server/demo-expiry';
import { accountsOffTheirLedger } from '../../server/ledger/ledger';
import { TestSocket } from './socket';

/** The account capability end to end over HTTP; run on the embedded store and on PostgreSQL. */
export function accountSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`accounts (${label})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    const count = async (table: string) =>
      rowsOf<{ n: number }>(await server.store.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

    beforeAll(async () => {
      server = await startServer(storeOptions());
      api = client(server.url);
    });
    afterAll(() => server?.close());
    beforeEach(() => server.reset());

    async function register(email: string, password = 'secret123', extra: Record<string, string> = {}) {
      const sent = await api.form('/api/notify/send_email', { to: email, type: 1 });
      expect(sent).toMatchObject({ code: 1 });
      const code = await server.lastCode(email);
      expect(code).toMatch(/^\d{6}$/);
      return api.form('/api/user/register', {
        type: 'email', account: email, password, re_password: password, sms_code: code!, ...extra,
      });
    }

    it('registers with the emailed code and the token opens the account', async () => {
      const res = await register('Ann@Example.com');
      expect(res.code).toBe(1);
      expect(res.data).toMatchObject({ email: 'ann@example.com', is_demo: 0 });
      expect(res.data.invite_code).toMatch(/^[A-Z0-9]{8}$/);
      const info = await api.get('/api/user/info', {}, res.data.token);
      expect(info).toMatchObject({ code: 1, data: { email: 'ann@example.com', uid: res.data.uid } });
      const balance = await api.get('/v1/api/main/wallet/getBalance', {}, res.data.token);
      expect(Number(balance.data.balance)).toBe(0);
      // Sent after the usual scheme too.
      const bearer = await api.raw('/api/user/info', { headers: { authorization: `Bearer ${res.data.token}` } });
      expect(await bearer.json()).toMatchObject({ code: 1, data: { email: 'ann@example.com' } });
    });

    it('refuses a wrong code, a used code, a taken email, unequal passwords and an unknown invite', async () => {
      await api.form('/api/notify/send_email', { to: 'bob@example.com', type: 1 });
      const code = (await server.lastCode('bob@example.com'))!;
      const wrong = code === '000000' ? '111111' : '000000';
      const form = { type: 'email', account: 'bob@example.com', password: 'secret123', re_password: 'secret123' };
      expect((await api.form('/api/user/register', { ...form, sms_code: wrong })).msg).toMatch(/code is wrong/);
      expect((await api.form('/api/user/register', { ...form, re_password: 'other123', sms_code: code })).msg).toMatch(/do not match/);
      expect((await api.form('/api/user/register', { ...form, sms_code: code, invite_code: 'NOSUCH' })).msg).toMatch(/invite code/);
      expect((await api.form('/api/user/register', { ...form, sms_code: code })).code).toBe(1);
      expect((await api.form('/api/user/register', { ...form, sms_code: code })).msg).toMatch(/already registered/);
      expect(await count('users')).toBe(1);
      // Told at most as often as a code is sent to one address: then a registered address answers
      // as a free one does.
      const answers: string[] = [];
      for (let i = 0; i < 21; i++) answers.push((await api.form('/api/user/register', { ...form, sms_code: wrong })).msg);
      expect(answers[0]).toMatch(/already registered/);
      const free = { ...form, account: 'nobody@example.com', sms_code: wrong };
      expect(answers.at(-1)).toBe((await api.form('/api/user/register', free)).msg);
      expect(answers.at(-1)).toMatch(/code is wrong/);
      server.clearLimits();
      expect((await api.form('/api/notify/send_email', { to: 'bob@example.com', type: 1 })).msg).toMatch(/already registered/);
    });

    it('limits registration-code requests before telling whether an email is registered', async () => {
      await register('pam@example.com');
      server.clearLimits();
      const ask = (to: string) => api.form('/api/notify/send_email', { to, type: 1 });
      expect((await ask('pam@example.com')).msg).toMatch(/already registered/);
      // The next probe of the same email, and the 21st email probed from one address, learn nothing.
      expect((await ask('pam@example.com')).msg).toMatch(/Too many attempts/);
      for (let i = 0; i < 18; i++) expect((await ask(`probe${i}@example.com`)).code).toBe(1);
      expect((await ask('pam2@example.com')).code).toBe(1);
      for (const to of ['pam@example.com', 'nobody@example.com']) expect(await ask(to)).toMatchObject({ code: 0, msg: expect.stringMatching(/Too many attempts/) });
    });

    it('counts a login attempt before its slow hash: logins sent at once pass the limit no more than 5 times', async () => {
      await register('kim@example.com');
      const attempts = await Promise.all(Array.from({ length: 15 }, () =>
        api.form('/api/user/loginForU', { account: 'kim@example.com', password: 'wrong-password', login_type: 'email' })));
      const checked = attempts.filter((r) => r.msg === 'Wrong email or password');
      expect(checked).toHaveLength(5);
      expect(attempts.filter((r) => /Too many attempts/.test(r.msg))).toHaveLength(10);
      const right = await api.form('/api/user/loginForU', { account: 'kim@example.com', password: 'secret123', login_type: 'email' });
      expect(right.msg).toMatch(/Too many attempts/);
    });

    it('links the inviter when an invite code is given', async () => {
      const inviter = await register('inviter@example.com');
      const invited = await register('friend@example.com', 'secret123', { invite_code: inviter.data.invite_code });
      expect(invited.code).toBe(1);
      const rows = rowsOf<{ invited_by: number }>(
        await server.store.db.execute(sql`SELECT invited_by FROM users WHERE email = 'friend@example.com'`),
      );
      expect(rows[0]!.invited_by).toBe(inviter.data.id);
    });

    it('refuses the invite code of a demo account, which may not invite', async () => {
      const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: 'd0d0d0d0-1111-4222-8333-444455556666' });
      expect(demo.data.invite_code).toBe('');
      const [row] = rowsOf<{ invite_code: string }>(await server.store.db.execute(sql`SELECT invite_code FROM users WHERE id = ${demo.data.id}`));
      const invited = await register('demo-friend@example.com', 'secret123', { invite_code: row!.invite_code });
      expect(invited.msg).toMatch(/invite code/i);
      expect(await count('users WHERE email = \'demo-friend@example.com\'')).toBe(0);
    });

    it('logs in, answers one message for unknown email and wrong password, and limits guessing', async () => {
      await register('cat@example.com');
      const ok = await api.form('/api/user/loginForU', { account: 'cat@example.com', password: 'secret123', login_type: 'email' });
      expect(ok).toMatchObject({ code: 1, data: { email: 'cat@example.com' } });
      const wrong = await api.form('/api/user/loginForU', { account: 'cat@example.com', password: 'nope', login_type: 'email' });
      const unknown = await api.form('/api/user/loginForU', { account: 'who@example.com', password: 'nope', login_type: 'email' });
      expect(wrong).toMatchObject({ code: 0 });
      expect(unknown.msg).toBe(wrong.msg);
      for (let i = 0; i < 4; i++) await api.form('/api/user/loginForU', { account: 'cat@example.com', password: 'nope', login_type: 'email' });
      const limited = await api.form('/api/user/loginForU', { account: 'cat@example.com', password: 'secret123', login_type: 'email' });
      expect(limited.code).toBe(0);
      // The rest of a 15-minute window (aligned to the clock): in minutes, or in seconds under two.
      expect(limited.msg).toMatch(/^Too many attempts, please try again in \d+ (seconds?|minutes)$/);
    });

    it('reads a form sent as multipart (a browser\'s FormData) as one sent URL-encoded, and takes no file in it', async () => {
      await register('dot@example.com');
      const multipart = (fields: [string, string | Blob][]) => {
        const body = new FormData();
        for (const [name, value] of fields) body.append(name, value);
        return api.raw('/api/user/loginForU', { method: 'POST', body });
      };
      const signIn: [string, string][] = [['account', 'dot@example.com'], ['password', 'secret123'], ['login_type', 'email']];
      const ok = await multipart(signIn);
      expect(await ok.json()).toMatchObject({ code: 1, data: { email: 'dot@example.com' } });
      const sessions = await count('sessions');
      expect(await (await multipart([['account', 'dot@example.com'], ['login_type', 'email']])).json()).toMatchObject({ code: 0, msg: 'Please enter password' });
      const withFile = await multipart([...signIn, ['file', new Blob(['x'])]]);
      expect([withFile.status, await withFile.json()]).toEqual([200, { code: 0, msg: 'This request takes no file', data: null }]);
      const cut = await api.raw('/api/user/loginForU', {
        method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data; name="account"\r\n\r\ndot',
      });
      expect([cut.status, await cut.json()]).toEqual([400, { code: 0, msg: 'The request could not be read', data: null }]);
      const huge = await multipart([...signIn, ['account', 'a'.repeat(200_000)]]);
      expect([huge.status, (await huge.json()).msg]).toEqual([413, 'The request is too large']);
      expect(await count('sessions')).toBe(sessions);
    });

    it('reads a blank or null optional field as left out, and a code sent as a JSON number as its digits', async () => {
      const json = (url: string, body: unknown) => api.raw(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
      // Every field of the spec's send_email, the area code blank for an email.
      expect(await api.form('/api/notify/send_email', { to: 'eve@example.com', type: 1, area_id: '' })).toMatchObject({ code: 1 });
      const code = (await server.lastCode('eve@example.com'))!;
      const form = { type: 'email', account: 'eve@example.com', password: 'secret123', re_password: 'secret123', area_id: null, invite_code: null };
      // A code sent as a number is checked as its digits (a wrong one is wrong, not "invalid").
      expect(await json('/api/user/register', { ...form, sms_code: code === '999999' ? 999998 : 999999 })).toMatchObject({ code: 0, msg: 'The verification code is wrong or has expired' });
      // A number cannot carry a leading zero: such a code goes as text.
      expect(await json('/api/user/register', { ...form, sms_code: code.startsWith('0') ? code : Number(code) })).toMatchObject({ code: 1, data: { email: 'eve@example.com' } });
      // A required field left blank is still asked for.
      expect(await json('/api/notify/send_email', { to: '', type: 1 })).toMatchObject({ code: 0, msg: 'Email or mobile number is required' });
    });

    it('asks for a missing email, mobile number or password in the sign-in form\'s words (spec section 5)', async () => {
      const login = (fields: Record<string, string | number>) => api.form('/api/user/loginForU', { login_type: 'email', account: 'cat@example.com', password: 'secret123', ...fields });
      expect(await login({ account: '' })).toMatchObject({ code: 0, msg: 'Please enter your email' });
      expect(await login({ password: '' })).toMatchObject({ code: 0, msg: 'Please enter password' });
      expect(await login({ login_type: 'mobile', account: ' ', area_id: 1 })).toMatchObject({ code: 0, msg: 'Please enter your mobile number' });
      expect(await login({ account: 'cat' })).toMatchObject({ code: 0, msg: 'Email must be a valid email address' });
      expect(await login({ login_type: 'mobile', account: 'abc', area_id: 1 })).toMatchObject({ code: 0, msg: 'Mobile number is invalid' });
    });

    it('logs out on the server: the token stops working', async () => {
      const { data } = await register('dan@example.com');
      expect((await api.form('/api/user/logout', {}, data.token)).code).toBe(1);
      expect((await api.get('/api/user/info', {}, data.token)).code).toBe(999);
    });

    it('closes the sockets of a session as soon as it ends: logout, password change, reset', async () => {
      const first = (await register('lee@example.com')).data.token as string;
      const login = async (password = 'secret123') =>
        (await api.form('/api/user/loginForU', { account: 'lee@example.com', password, login_type: 'email' })).data.token as string;
      const signedIn = async (token: string) => {
        const socket = await TestSocket.open(server.url);
        socket.send({ type: 'login', params: token });
        expect(await socket.json('login_result')).toMatchObject({ code: 1 });
        socket.send({ type: 'sub', params: 'FOREX_TRADE' });
        expect(await socket.json('sub_result')).toMatchObject({ code: 1 });
        return socket;
      };
      const stillOpen = async (socket: TestSocket) => {
        socket.send('ping');
        expect(await socket.next((frame) => frame === 'pong')).toBe('pong');
      };
      const second = await login();
      const [a, b] = [await signedIn(first), await signedIn(second)];

      await api.form('/api/user/logout', {}, first);
      expect(await a.closed).toBe(4001);
      await stillOpen(b);

      // A password change from the second session ends the others, not its own.
      const c = await signedIn(await login());
      await api.form('/api/notify/send_email', { to: 'lee@example.com', type: 2 });
      const changed = await api.form('/api/user/amend_password', {
        new_password: 'changed1', secondary_password: 'changed1', auth_code: (await server.lastCode('lee@example.com'))!,
      }, second);
      expect(changed.code).toBe(1);
      expect(await c.closed).toBe(4001);
      await stillOpen(b);

      // A reset ends every session.
      server.clearLimits();
      await api.form('/api/notify/send_email', { to: 'lee@example.com', type: 2 });
      // The code has no rule on the phone, so the server's words are what the trader reads: the field as the form names it.
      expect(await api.form('/api/user/forget_password', {
        type: 'email', account: 'lee@example.com', new_password: 'newpass1', secondary_password: 'newpass1', auth_code: '',
      })).toMatchObject({ code: 0, msg: 'Verification code is required' });
      const reset = await api.form('/api/user/forget_password', {
        type: 'email', account: 'lee@example.com', new_password: 'newpass1', secondary_password: 'newpass1',
        auth_code: (await server.lastCode('lee@example.com'))!,
      });
      expect(reset.code).toBe(1);
      expect(await b.closed).toBe(4001);
    });

    it('answers 999 to protected calls without a valid token', async () => {
      expect((await api.get('/api/user/info')).code).toBe(999);
      expect((await api.get('/api/user/info', {}, 'forged-token')).code).toBe(999);
      expect((await api.get('/v1/api/main/wallet/getBalance', {}, 'x'.repeat(500))).code).toBe(999);
    });

    it('creates one demo account per client id with 10,000 USD in the ledger', async () => {
      const first = await api.get('/api/user/createAccountDemoForU', { demo_id: 'c0ffee00-1111-4222-8333-444455556666' });
      expect(first).toMatchObject({ code: 1, data: { is_demo: 1 } });
      expect(Number(first.data.balance)).toBe(10000);
      const again = await api.get('/api/user/createAccountDemoForU', { demo_id: 'c0ffee00-1111-4222-8333-444455556666' });
      expect(again.data.id).toBe(first.data.id);
      expect(again.data.token).not.toBe(first.data.token);
      expect(await count('users')).toBe(1);
      expect(await count('ledger')).toBe(1);
      const amend = await api.form('/api/user/amend_password', { new_password: 'abcdef1', secondary_password: 'abcdef1', auth_code: '123456' }, first.data.token);
      expect(amend.msg).toBe('Please register or log in to a real account');
    });

    it('opens a demo account only for a random (version 4) UUID, and at most 30 an hour from one address', async () => {
      const returning = crypto.randomUUID();
      const first = await api.get('/api/user/createAccountDemoForU', { demo_id: returning });
      const notRandom = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'c0ffee00-1111-1222-8333-444455556666'];
      for (const demo_id of ['abcdefgh', 'trading-device-1', '00000000-0000-0000-0000-00000000000g', ...notRandom]) {
        expect(await api.get('/api/user/createAccountDemoForU', { demo_id })).toMatchObject({ code: 0, msg: 'Demo account ID is invalid' });
      }
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push(await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() }));
      expect(answers.slice(0, 29).every((a) => a.code === 1)).toBe(true);
      expect(answers[29]!.msg).toMatch(/Too many attempts/);
      expect(await count('users')).toBe(30);
      // A device coming back to its demo account is not held up by the address's new ones...
      const again = await api.get('/api/user/createAccountDemoForU', { demo_id: returning });
      expect(again).toMatchObject({ code: 1, data: { id: first.data.id } });
      // ...and its own sessions are limited too, 30 an hour.
      for (let i = 0; i < 29; i++) expect((await api.get('/api/user/createAccountDemoForU', { demo_id: returning })).code).toBe(1);
      expect((await api.get('/api/user/createAccountDemoForU', { demo_id: returning })).msg).toMatch(/Too many attempts/);
    });

    it('deletes demo accounts idle for 30 days with their sessions and money rows, and keeps the others', async () => {
      const demo = async () => (await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() })).data;
      const [idle, signedIn, trading] = [await demo(), await demo(), await demo()];
      const real = (await register('ray@example.com')).data;
      const { db } = server.store;
      // Thirty-one days on: every session made today has expired, but this one was made since.
      const later = new Date(Date.now() + 31 * 86_400_000);
      await db.execute(sql`UPDATE sessions SET expires_at = ${new Date(later.getTime() + 86_400_000)} WHERE user_id = ${signedIn.id}`);
      const [product] = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM products LIMIT 1`));
      await db.execute(sql`INSERT INTO orders (user_id, product_id, side, lots, cont_num, leverage, status, origin_price, margin, fee)
        VALUES (${trading.id}, ${product!.id}, 1, 1, 1, 100, 0, 1, 0, 0)`);

      expect(await sweepIdleDemos(db, new Date())).toBe(0);
      expect(await sweepIdleDemos(db, later)).toBe(1);
      const left = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM users ORDER BY id`)).map((r) => r.id);
      expect(left).toEqual([signedIn.id, trading.id, real.id]);
      for (const table of ['sessions', 'wallets', 'ledger']) {
        const rows = rowsOf<{ n: number }>(await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = ${idle.id}`)));
        expect(rows[0]!.n, table).toBe(0);
      }
      expect(await accountsOffTheirLedger(db)).toEqual([]);
      expect((await api.get('/api/user/info', {}, idle.token)).code).toBe(999);
    });

    it('resets a forgotten password by emailed code and ends every old session', async () => {
      const { data } = await register('eve@example.com');
      expect((await api.form('/api/notify/send_email', { to: 'eve@example.com', type: 2 })).code).toBe(1);
      const code = (await server.lastCode('eve@example.com'))!;
      const reset = await api.form('/api/user/forget_password', {
        type: 'email', account: 'eve@example.com', new_password: 'newpass1', secondary_password: 'newpass1', auth_code: code,
      });
      expect(reset.code).toBe(1);
      expect((await api.get('/api/user/info', {}, data.token)).code).toBe(999);
      const login = await api.form('/api/user/loginForU', { account: 'eve@example.com', password: 'newpass1', login_type: 'email' });
      expect(login.code).toBe(1);
      const reuse = await api.form('/api/user/forget_password', {
        type: 'email', account: 'eve@example.com', new_password: 'again123', secondary_password: 'again123', auth_code: code,
      });
      expect(reuse.code).toBe(0);
    });

    it('sends no reset code to an unknown email but answers the same', async () => {
      const res = await api.form('/api/notify/send_email', { to: 'ghost@example.com', type: 2 });
      expect(res.code).toBe(1);
      expect(await server.lastCode('ghost@example.com')).toBeUndefined();
    });

    it('changes the password of a signed-in user with a code sent to their email', async () => {
      const { data } = await register('fay@example.com');
      await api.form('/api/notify/send_email', { to: 'fay@example.com', type: 2 });
      const code = (await server.lastCode('fay@example.com'))!;
      const res = await api.form('/api/user/amend_password', { new_password: 'changed1', secondary_password: 'changed1', auth_code: code }, data.token);
      expect(res.code).toBe(1);
      expect((await api.get('/api/user/info', {}, data.token)).code).toBe(1);
      expect((await api.form('/api/user/loginForU', { account: 'fay@example.com', password: 'changed1', login_type: 'email' })).code).toBe(1);
    });

    it('limits sending codes to one a minute per email', async () => {
      expect((await api.form('/api/notify/send_email', { to: 'gus@example.com', type: 1 })).code).toBe(1);
      const again = await api.form('/api/notify/send_email', { to: 'gus@example.com', type: 1 });
      expect(again.code).toBe(0);
      expect(again.msg).toMatch(/try again in \d+ seconds?/);
    });

    it.each([
      ['missing field', { type: 'email', password: 'secret123', re_password: 'secret123', sms_code: '123456' }, /Please enter your email/],
      ['malformed email', { type: 'email', account: 'not-an-email', password: 'secret123', re_password: 'secret123' }, /Email must be a valid email/],
      ['HTML in email', { type: 'email', account: '<script>alert(1)</script>@x.com', password: 'secret123', re_password: 'secret123' }, /Email must be a valid email/],
      ['SQL in email', { type: 'email', account: "a'; DROP TABLE users;--@x.com", password: 'secret123', re_password: 'secret123' }, /Email must be a valid email/],
      ['10 KB string', { type: 'email', account: 'a@b.co', password: 'x'.repeat(10_240), re_password: 'x' }, /Password is too long/],
      ['unknown enum', { type: 'fax', account: 'a@b.co', password: 'secret123', re_password: 'secret123' }, /^Type is invalid$/],
      ['short password', { type: 'email', account: 'a@b.co', password: '123', re_password: '123' }, /Password must be at least 6/],
      ['HTML in invite code', { type: 'email', account: 'a@b.co', password: 'secret123', re_password: 'secret123', invite_code: '<b>x</b>' }, /^Invite code is invalid$/],
    ])('refuses bad input by name and stores nothing: %s', async (_name, body, msg) => {
      const res = await api.form('/api/user/register', body as Record<string, string>);
      expect(res.code).toBe(0);
      expect(res.msg).toMatch(msg);
      expect(await count('users')).toBe(0);
    });

    it('names a field in the reader\'s language as the form labels it, never by its wire name', async () => {
      const body = { type: 'email', account: 'a@b.co', password: 'secret123', re_password: 'secret123', invite_code: 'a-b' };
      expect((await client(server.url, { lang: 'ar' }).form('/api/user/register', body)).msg).toBe('الحقل رمز الدعوة غير صالح');
      expect((await client(server.url, { lang: 'de' }).form('/api/user/register', body)).msg).toBe('Einladungscode ist ungültig');
    });

    it('refuses wrong types and unknown enum values on other calls', async () => {
      expect((await api.form('/api/notify/send_email', { to: 'a@b.co', type: 3 })).msg).toBe('Type must be one of: 1, 2');
      expect((await api.form('/api/notify/send_email', { to: 'a@b.co', type: 'abc' })).msg).toBe('Type is invalid');
      expect((await api.get('/api/user/createAccountDemoForU', { demo_id: "1' OR '1'='1" })).msg).toBe('Demo account ID is invalid');
      expect((await api.get('/api/default/setting', { key: 'nope' })).msg).toBe('Setting must be one of: is_show_mobile');
      // In the reader's language, every word of it (the wire's `to` was shown as is).
      expect((await client(server.url, { lang: 'de' }).form('/api/notify/send_email', { to: 'not-an-email', type: 1 })).msg).toBe('E-Mail oder Handynummer muss eine gültige E-Mail-Adresse sein');
      // Named in the reader's language too, with the values as sent.
      expect((await client(server.url, { lang: 'de' }).form('/api/notify/send_email', { to: 'a@b.co', type: 9 })).msg).toBe('Typ muss einer dieser Werte sein: 1, 2');
      expect(await count('email_codes')).toBe(0);
    });

    it('answers site settings, area codes, company status and a captcha', async () => {
      const basic = await api.get('/api/basicSet/getBasicInfo');
      expect(basic.data).toMatchObject({ verify_reg_type: 0, trade_fee_type: 1 });
      const areas = await api.get('/api/default/area_list');
      expect(areas.data.length).toBeGreaterThan(10);
      expect(areas.data[0]).toHaveProperty('global_code');
      expect((await api.get('/api/default/setting', { key: 'is_show_mobile' })).data).toBe(0);
      expect((await api.get('/api/company/getCompanyStatus')).data).toMatchObject({ status: 0 });
    });

    it('draws the captcha as a raster image whose answer no script can read off', async () => {
      const captcha = await api.get('/api/default/captcha');
      expect(captcha.data.b64s).toMatch(/^data:image\/png;base64,/);
      const bytes = Buffer.from(captcha.data.b64s.split(',')[1], 'base64');
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      const [row] = rowsOf<{ answer: string }>(await server.store.db.execute(sql`SELECT answer FROM captchas WHERE id = ${captcha.data.id}`));
      expect(bytes.toString('latin1')).not.toContain(row!.answer);
      expect(bytes.toString('latin1')).not.toMatch(/<text|<svg/);
    });

    it('registers with the image captcha when verify_reg_type is 2, one try per image', async () => {
      await server.settings.set('basic_info', { ...server.settings.get('basic_info'), verify_reg_type: 2 });
      const form = { type: 'email', account: 'hal@example.com', password: 'secret123', re_password: 'secret123' };
      // No emailed code, which registration would not take; a reset code still goes out.
      expect(await api.form('/api/notify/send_email', { to: 'hal@example.com', type: 1 }))
        .toMatchObject({ code: 0, msg: 'Registration asks for the image code: no emailed code is needed' });
      expect(await server.lastCode('hal@example.com')).toBeUndefined();
      const first = await api.get('/api/default/captcha');
      expect((await api.form('/api/user/register', { ...form, key: first.data.id, sms_code: 'WRONG' })).msg).toMatch(/image code/);
      const second = await api.get('/api/default/captcha');
      const [answer] = rowsOf<{ answer: string }>(await server.store.db.execute(sql`SELECT answer FROM captchas WHERE id = ${second.data.id}`));
      expect((await api.form('/api/user/register', { ...form, key: second.data.id, sms_code: answer!.answer.toLowerCase() })).code).toBe(1);
    });

    it('speaks the language of the lang header and reads tw as hk', async () => {
      const en = await client(server.url, { lang: 'en' }).get('/api/user/info');
      const fr = await client(server.url, { lang: 'fr' }).get('/api/user/info');
      const hk = await client(server.url, { lang: 'hk' }).get('/api/user/info');
      const tw = await client(server.url, { lang: 'tw' }).get('/api/user/info');
      expect(fr.msg).not.toBe(en.msg);
      expect(tw.msg).toBe(hk.msg);
    });

    it('answers unknown API paths with 404, oversized bodies with 413 and malformed JSON with 400, never 500', async () => {
      const missing = await api.raw('/api/nothing/here');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 0 });
      const big = await api.raw('/api/user/loginForU', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `account=${'a'.repeat(200_000)}`,
      });
      expect(big.status).toBe(413);
      const broken = await api.raw('/api/user/loginForU', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"account":' });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toMatchObject({ code: 0 });
    });
  });
}
