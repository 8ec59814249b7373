import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreOptions } from '../../server/platform/store/open';
import { rowsOf } from '../../server/platform/store/open';
import { findTrader } from '../../server/accounts/accounts';
import { client } from './http';
import { startServer, type TestServer } from './server';

/** Registration, login and reset by mobile (`verify_reg_type` 1 and 3), on the embedded store and on PostgreSQL. */
export function phoneSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`accounts by mobile (${label})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    let gb: number;
    let us: number;
    const count = async (table: string) =>
      rowsOf<{ n: number }>(await server.store.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;
    const setMode = (mode: 0 | 1 | 2 | 3) => server.settings.set('basic_info', { ...server.settings.get('basic_info'), verify_reg_type: mode });

    beforeAll(async () => {
      server = await startServer(storeOptions());
      api = client(server.url);
    });
    afterAll(() => server?.close());
    beforeEach(async () => {
      await server.reset();
      await setMode(1);
      const areas = (await api.get<{ id: number; code: string }[]>('/api/default/area_list')).data;
      gb = areas.find((a) => a.code === 'GB')!.id;
      us = areas.find((a) => a.code === 'US')!.id;
    });

    const form = (mobile: string, extra: Record<string, string | number> = {}) => ({
      type: 'mobile', area_id: gb, mobile, password: 'secret123', re_password: 'secret123', ...extra,
    });

    async function registerByPhone(mobile: string, extra: Record<string, string | number> = {}) {
      expect(await api.form('/api/notify/send_sms', { to: mobile, area_id: gb, type: 1 })).toMatchObject({ code: 1, msg: 'The code has been sent' });
      const code = await server.lastSms(`+44${mobile.replace(/^0+/, '')}`);
      expect(code).toMatch(/^\d{6}$/);
      return api.form('/api/user/register', form(mobile, { sms_code: code!, ...extra }));
    }

    it('texts the code to the outbox and registers by area, number and code, with no email', async () => {
      const res = await registerByPhone('07700900123');
      expect(res).toMatchObject({ code: 1, data: { email: '', is_demo: 0, mobile: '07700900123', area_id: gb } });
      const info = await api.get('/api/user/info', {}, res.data.token);
      expect(info).toMatchObject({ code: 1, data: { uid: res.data.uid, email: '', mobile: '07700900123' } });
      const [row] = rowsOf<{ email: string | null; phone: string }>(await server.store.db.execute(sql`SELECT email, phone FROM users`));
      expect(row).toEqual({ email: null, phone: '+447700900123' });
      // Staff look the trader up by the full number.
      expect((await findTrader(server.store.db, '+447700900123'))?.uid).toBe(res.data.uid);
      // Staff may type it without its + or with spaces.
      for (const typed of ['447700900123', '+44 7700 900123']) expect((await findTrader(server.store.db, typed))?.uid, typed).toBe(res.data.uid);
      // The code was for one registration: it is used up.
      expect((await api.form('/api/user/register', form('07700900123', { sms_code: (await server.lastSms('+447700900123'))! }))).code).toBe(0);
    });

    it('refuses a wrong code, a code of another number, an unknown area, and a number already registered', async () => {
      await api.form('/api/notify/send_sms', { to: '7700900200', area_id: gb, type: 1 });
      const code = (await server.lastSms('+447700900200'))!;
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await api.form('/api/user/register', form('7700900200', { sms_code: wrong }))).msg).toMatch(/code is wrong/);
      // The same digits under another area are another phone: the code does not carry over.
      expect((await api.form('/api/user/register', form('7700900200', { sms_code: code, area_id: us }))).msg).toMatch(/code is wrong/);
      expect((await api.form('/api/user/register', form('7700900200', { sms_code: code, area_id: 9999 }))).msg).toMatch(/area code/);
      expect((await api.form('/api/user/register', form('7700900200', { sms_code: code }))).code).toBe(1);
      // A leading trunk zero names the same phone.
      expect((await api.form('/api/user/register', form('07700900200', { sms_code: code }))).msg).toMatch(/mobile number is already registered/);
      server.clearLimits();
      expect((await api.form('/api/notify/send_sms', { to: '07700900200', area_id: gb, type: 1 })).msg).toMatch(/mobile number is already registered/);
      expect(await count('users')).toBe(1);
    });

    it('asks for the mobile in modes 1 and 3 and for the email in 0 and 2', async () => {
      // No registration code is emailed where registration takes none.
      expect((await api.form('/api/notify/send_email', { to: 'eve@example.com', type: 1 })).msg).toMatch(/register with your mobile number/);
      expect(await server.lastCode('eve@example.com')).toBeUndefined();
      const byEmail = { type: 'email', account: 'eve@example.com', password: 'secret123', re_password: 'secret123', sms_code: '123456' };
      expect((await api.form('/api/user/register', byEmail)).msg).toMatch(/register with your mobile number/);
      await setMode(3);
      expect((await registerByPhone('7700900300')).code).toBe(1);
      await setMode(0);
      expect((await api.form('/api/notify/send_sms', { to: '7700900301', area_id: gb, type: 1 })).msg).toMatch(/Text messages are not available/);
      expect((await api.form('/api/user/register', form('7700900301', { sms_code: '123456' }))).msg).toMatch(/Text messages are not available/);
      expect(await api.form('/api/notify/send_email', { to: 'eve@example.com', type: 1 })).toMatchObject({ code: 1 });
      expect((await api.form('/api/user/register', { ...byEmail, sms_code: (await server.lastCode('eve@example.com'))! })).code).toBe(1);
      expect(await count('users')).toBe(2);
    });

    it('logs in by phone number, one message for an unknown number and a wrong password', async () => {
      await registerByPhone('7700900400');
      const login = (account: string, password: string, area_id = gb) => api.form('/api/user/loginForU', { account, password, area_id, login_type: 'mobile' });
      expect(await login('07700900400', 'secret123')).toMatchObject({ code: 1, data: { mobile: '7700900400', token: expect.any(String) } });
      const wrong = await login('7700900400', 'wrong-password');
      const unknown = await login('7700900499', 'wrong-password');
      const otherArea = await login('7700900400', 'secret123', us);
      expect(wrong).toMatchObject({ code: 0, msg: 'Wrong mobile number or password' });
      expect(unknown.msg).toBe(wrong.msg);
      expect(otherArea.msg).toBe(wrong.msg);
      // The account's email login knows no phone number.
      expect((await api.form('/api/user/loginForU', { account: '7700900400', password: 'secret123', login_type: 'email' })).code).toBe(0);
      // A phone account still logs in once staff switch back to email registration.
      await setMode(0);
      expect((await login('7700900400', 'secret123')).code).toBe(1);
    });

    it('limits phone logins per number before the hash, however many trunk zeros it is written with', async () => {
      await registerByPhone('7700900450');
      const attempts = await Promise.all(Array.from({ length: 8 }, (_, i) =>
        api.form('/api/user/loginForU', { account: `${'0'.repeat(i)}7700900450`, password: 'wrong-password', area_id: gb, login_type: 'mobile' })));
      expect(attempts.filter((r) => r.msg === 'Wrong mobile number or password')).toHaveLength(5);
      expect(attempts.filter((r) => /Too many attempts/.test(r.msg))).toHaveLength(3);
    });

    it('resets a forgotten password with a texted code (type 2), and the old password stops working', async () => {
      const registered = await registerByPhone('7700900500');
      await api.form('/api/notify/send_sms', { to: '7700900500', area_id: gb, type: 2 });
      const code = (await server.lastSms('+447700900500'))!;
      const reset = { type: 'mobile', account: '7700900500', area_id: gb, new_password: 'newsecret1', secondary_password: 'newsecret1' };
      expect((await api.form('/api/user/forget_password', { ...reset, area_id: us, auth_code: code })).code).toBe(0);
      expect(await api.form('/api/user/forget_password', { ...reset, auth_code: code })).toMatchObject({ code: 1 });
      expect((await api.get('/api/user/info', {}, registered.data.token)).code).toBe(999);
      const login = (password: string) => api.form('/api/user/loginForU', { account: '7700900500', area_id: gb, password, login_type: 'mobile' });
      expect((await login('secret123')).code).toBe(0);
      expect((await login('newsecret1')).code).toBe(1);
      // A reset text for an unknown number answers the same and sends nothing.
      server.clearLimits();
      expect(await api.form('/api/notify/send_sms', { to: '7700900599', area_id: gb, type: 2 })).toMatchObject({ code: 1 });
      expect(await server.lastSms('+447700900599')).toBeUndefined();
    });

    it('changes the password of a phone account signed in, with a code texted to its number', async () => {
      const { data } = await registerByPhone('7700900600');
      await api.form('/api/notify/send_sms', { to: data.mobile, area_id: data.area_id, type: 2 });
      const code = (await server.lastSms('+447700900600'))!;
      const changed = await api.form('/api/user/amend_password', { new_password: 'changed12', secondary_password: 'changed12', auth_code: code }, data.token);
      expect(changed).toMatchObject({ code: 1 });
      expect((await api.form('/api/user/loginForU', { account: '7700900600', area_id: gb, password: 'changed12', login_type: 'mobile' })).code).toBe(1);
    });

    it('limits texted codes as the emailed ones, counted before the number is looked up', async () => {
      await registerByPhone('7700900700');
      server.clearLimits();
      const ask = (to: string) => api.form('/api/notify/send_sms', { to, area_id: gb, type: 1 });
      expect((await ask('7700900700')).msg).toMatch(/already registered/);
      expect((await ask('07700900700')).msg).toMatch(/Too many attempts/);
      for (let i = 0; i < 18; i++) expect((await ask(`77009008${String(i).padStart(2, '0')}`)).code).toBe(1);
      expect((await ask('7700900899')).code).toBe(1);
      // The 21st request from one address, registered number or not, learns nothing.
      for (const to of ['7700900700', '7700900999']) expect(await ask(to)).toMatchObject({ code: 0, msg: expect.stringMatching(/Too many attempts/) });
      // Emailed and texted codes share the address's count.
      expect((await api.form('/api/notify/send_email', { to: 'late@example.com', type: 2 })).msg).toMatch(/Too many attempts/);
    });

    it('refuses a malformed number and a missing area, and stores no code', async () => {
      expect((await api.form('/api/notify/send_sms', { to: '+44 7700', area_id: gb, type: 1 })).code).toBe(0);
      expect((await api.form('/api/notify/send_sms', { to: '7700900123', type: 1 })).msg).toMatch(/^Area code is required$/);
      expect((await api.form('/api/notify/send_sms', { to: '0000', area_id: gb, type: 1 })).msg).toMatch(/mobile number is not valid/);
      expect((await api.form('/api/notify/send_sms', { to: '7700900123', area_id: 9999, type: 1 })).msg).toMatch(/area code/);
      expect(await count('email_codes')).toBe(0);
    });
  });
}
