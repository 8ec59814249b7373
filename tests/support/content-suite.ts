import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf, type StoreOptions } from '../../server/platform/store/open';
import { client } from './http';
import { startServer, type TestServer } from './server';
import { signInStaff, staffApi } from './staff';

/**
 * The rest of the product over the wire: news (sanitised on save), settings and pauses staff change
 * on a running server, feedback, the company directory, invites and the signed support identity.
 */
export function contentSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`content and site (${label})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    let admin: string;
    let seq = 0;

    beforeAll(async () => {
      server = await startServer(storeOptions(), { SUPPORT_SECRET: 'shared-with-support' });
      api = client(server.url);
    });
    afterAll(() => server?.close());
    beforeEach(async () => {
      await server.reset();
      admin = await signInStaff(server, 'admin');
    });

    const staffPost = (path: string, body: Record<string, unknown>, token = admin) => staffApi(server.url)(path, body, token);
    async function trader(extra: Record<string, string> = {}) {
      const email = `t${++seq}@example.com`;
      await api.form('/api/notify/send_email', { to: email, type: 1 });
      const res = await api.form('/api/user/register', { type: 'email', account: email, password: 'secret123', re_password: 'secret123', sms_code: (await server.lastCode(email))!, ...extra });
      expect(res.code).toBe(1);
      return { token: res.data.token as string, id: Number(res.data.id), uid: res.data.uid as string, code: res.data.invite_code as string, email };
    }

    it('dates and orders news by when it was published, not when it was written', async () => {
      const draft = (await staffPost('/news', { title: 'Written first', content: '<p>a</p>', published: false })).data.id;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const live = (await staffPost('/news', { title: 'Published first', content: '<p>b</p>' })).data.id;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const titles = async () => (await api.get('/api/news/list', { category_id: 1, page: 1 })).data.data as { id: number; created_at: string }[];
      expect((await titles()).map((n) => n.id)).toEqual([live]);
      expect(await staffPost('/news', { id: draft, title: 'Written first', content: '<p>a</p>', published: true })).toMatchObject({ code: 1 });
      const shown = await titles();
      expect(shown.map((n) => n.id)).toEqual([draft, live]);
      expect(shown[0]!.created_at > shown[1]!.created_at).toBe(true);
      // An edit of a published item keeps its date and place.
      expect(await staffPost('/news', { id: live, title: 'Published first, corrected', content: '<p>b</p>', published: true })).toMatchObject({ code: 1 });
      expect((await titles()).map((n) => [n.id, n.created_at])).toEqual(shown.map((n) => [n.id, n.created_at]));
    });

    it('stores news HTML sanitised, shows it in its language, and hides drafts', async () => {
      const hostile = '<p onclick="alert(1)">Rates <b>up</b></p><script>alert(1)</script><img src=x onerror=alert(1)>'
        + '<a href="javascript:alert(1)">x</a><iframe srcdoc="<script>alert(1)</script>"></iframe><a href="https://example.org">more</a>';
      const saved = await staffPost('/news', { title: '<b>Fed</b> holds', desc: 'Rates', content: hostile });
      expect(saved.code).toBe(1);
      await staffPost('/news', { title: 'Nouvelles', desc: '', content: '<p>fr</p>', lang: 'fr' });
      await staffPost('/news', { title: 'Draft', desc: '', content: '<p>later</p>', published: false });

      const list = await api.get('/api/news/list', { category_id: 1, page: 1 });
      expect(list.data).toMatchObject({ total: 1, data: [{ id: saved.data.id, title: 'Fed holds', desc: 'Rates' }] });
      expect((await client(server.url, { lang: 'fr' }).get('/api/news/list', { page: 1 })).data.total).toBe(2);
      // All news is of the one category the app shows: another has none.
      expect((await api.get('/api/news/list', { category_id: 2, page: 1 })).data).toEqual({ data: [], total: 0 });
      const detail = (await api.get('/api/news/info', { id: saved.data.id })).data.content as string;
      expect(detail).toContain('<b>up</b>');
      expect(detail).toContain('rel="noopener noreferrer nofollow"');
      expect(detail).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|srcdoc|<img/i);
      const draft = (await staffPost('/news', { title: 'x', content: '<p>y</p>', published: 0 })).data.id;
      expect(await api.get('/api/news/info', { id: draft })).toMatchObject({ code: 0, msg: 'This news item does not exist' });
      expect(await staffPost('/news', { title: 'x', content: 'y' }, (await trader()).token)).toMatchObject({ code: 999 });
      // Nothing nobody could read: a language the site does not have, or a title or body that is markup alone.
      expect(await staffPost('/news', { title: 't', desc: 'd', content: '<p>c</p>', lang: 'xx' })).toMatchObject({ code: 0, msg: 'Language is invalid' });
      expect(await staffPost('/news', { title: '<b></b>', content: '<p>c</p>' })).toMatchObject({ code: 0, msg: 'Title is required' });
      expect(await staffPost('/news', { title: 't', content: '<script>alert(1)</script>' })).toMatchObject({ code: 0, msg: 'Content is required' });
      // A logo is a picture uploaded here or none, never an address of any kind.
      for (const logo of ['javascript:alert(1)', 'https://evil.example/x.png', '/api/common/image/../../etc']) {
        expect(await staffPost('/news', { title: 't', content: '<p>c</p>', logo })).toMatchObject({ code: 0, msg: 'Logo is invalid' });
      }
      expect((await api.get('/api/news/list', { category_id: 1, page: 1 })).data.total).toBe(1);
      // A long article fits, as long as the contract allows (200,000 characters), and no longer.
      const paragraph = `<p>${'Märkte & Zinsen. '.repeat(12_000).slice(0, 199_993)}</p>`;
      expect(paragraph).toHaveLength(200_000);
      expect(await staffPost('/news', { title: 'Long read', content: paragraph, published: 0 })).toMatchObject({ code: 1 });
      expect(await staffPost('/news', { title: 'Too long', content: `${paragraph}xx`, published: 0 })).toMatchObject({ code: 0, msg: 'Content is too long' });
      // Each save is in the audit log under the record it made; a refused one left nothing behind.
      const saves = rowsOf<{ target: string }>(await server.store.db.execute(sql`SELECT target FROM audit_log WHERE action = 'news.save' ORDER BY id`));
      expect(saves.map((r) => r.target)).toEqual([`news:${saved.data.id}`, expect.stringMatching(/^news:\d+$/), expect.stringMatching(/^news:\d+$/), `news:${draft}`, expect.stringMatching(/^news:\d+$/)]);
      // Written for `tw`, it is read by `hk` (spec: tw maps to hk).
      await staffPost('/news', { title: '新聞', desc: '', content: '<p>hk</p>', lang: 'tw' });
      expect((await client(server.url, { lang: 'hk' }).get('/api/news/list', { page: 1 })).data.data[0]).toMatchObject({ title: '新聞' });
    });

    it('applies settings by their flat names at once, and pauses what staff pause', async () => {
      const t = await trader();
      expect(await staffPost('/settings', { key: 'site_title', value: 'DEMO' })).toMatchObject({ code: 1 });
      // The site's own text is read in the reader's language until staff write theirs, which is shown as written.
      expect((await client(server.url, { lang: 'de' }).get('/api/default/announcement')).data.text).toBe('Willkommen bei TradeDesk. Der Handel mit gehebelten Produkten birgt ein hohes Verlustrisiko.');
      expect(await staffPost('/settings', { key: 'announcement', value: 'Maintenance on Sunday' })).toMatchObject({ code: 1 });
      expect((await client(server.url, { lang: 'de' }).get('/api/default/announcement')).data.text).toBe('Maintenance on Sunday');
      expect((await api.get('/api/default/announcement')).data).toEqual({ text: 'Maintenance on Sunday', title: 'DEMO' });
      expect(await staffPost('/settings', { key: 'verify_reg_type', value: '2' })).toMatchObject({ code: 1 });
      expect((await api.get('/api/basicSet/getBasicInfo')).data.verify_reg_type).toBe(2);
      expect(await staffPost('/settings', { key: 'complaint_email', value: 'care@example.org' })).toMatchObject({ code: 1 });
      expect((await api.get('/api/default/complaint_email')).data.email).toBe('care@example.org');
      expect(await staffPost('/settings', { key: 'trade_fee_type', value: 'lots' })).toMatchObject({ code: 0 });

      expect(await staffPost('/pause', { scope: 'trading', on: 1, message: 'Back at 18:00' })).toMatchObject({ code: 1 });
      expect((await api.get('/api/company/getCompanyStatus')).data).toMatchObject({ status: 0, paused: { trading: 'Back at 18:00' } });
      expect(await api.get('/v1/api/forex/submit', { type: 1, cont: 0.01, forex_id: 1, status: 1, multiple: 100 }, t.token)).toMatchObject({ code: 0, msg: 'Back at 18:00' });
      expect(await staffPost('/pause', { scope: 'deposits', on: 1 })).toMatchObject({ code: 1 });
      expect(await api.get('/api/quickCharge/submit', { number: 100, proofImg: '/api/common/image/AAAAAAAAAAAAAAAAAAAAAAAA', address: 'x', charge_id: 1 }, t.token))
        .toMatchObject({ code: 0, msg: 'Deposits are paused for now, please try again later' });
      await staffPost('/pause', { scope: 'trading', on: 0 });
      await staffPost('/pause', { scope: 'deposits', on: 0 });
      expect((await api.get('/api/company/getCompanyStatus')).data.paused).toBeUndefined();
      // Closing the site (no loss_url to send browsers to) pauses everything, with the staff's message.
      expect(await staffPost('/pause', { scope: 'site', on: 1, message: 'Closed for an audit' })).toMatchObject({ code: 1 });
      expect((await api.get('/api/company/getCompanyStatus')).data).toMatchObject({
        status: 1, paused: { trading: 'Closed for an audit', deposits: 'Closed for an audit', withdrawals: 'Closed for an audit' },
      });
      expect(await api.get('/v1/api/forex/submit', { type: 1, cont: 0.01, forex_id: 1, status: 1, multiple: 100 }, t.token)).toMatchObject({ code: 0, msg: 'Closed for an audit' });
      expect(await staffPost('/pause', { scope: 'site', on: 0 })).toMatchObject({ code: 1 });
      expect((await api.get('/api/company/getCompanyStatus')).data).toMatchObject({ status: 0 });
      expect((await api.get('/api/company/getCompanyStatus')).data.paused).toBeUndefined();
      const log = (await api.get('/admin/api/audit', { action: 'pause.trading' }, admin)).data;
      expect(log.total).toBe(2);
      expect(log.data.at(-1)).toMatchObject({ target: 'setting:pauses', reason: 'Back at 18:00' });
      // Each setting saved has its row; the refused one has none.
      expect((await api.get('/admin/api/audit', { action: 'settings.save' }, admin)).data.total).toBe(4);
    });

    it('records who invited whom, case-insensitively, and signs the support identity', async () => {
      const a = await trader();
      const b = await trader({ invite_code: a.code.toLowerCase() });
      expect((await api.get('/api/user/invite_info', {}, a.token)).data).toEqual({ invite_code: a.code, invited: 1 });
      const lookup = await api.get('/admin/api/trader', { q: b.email }, admin);
      expect(lookup.data).toMatchObject({ id: b.id, invited_by: { id: a.id }, invited: 0 });
      const before = Date.now() / 1000;
      const support = (await api.get('/api/user/support_identity', {}, b.token)).data;
      // Signed with the email and an expiry: neither can be changed, and it holds for one to two hours.
      expect(support).toEqual({ uid: b.uid, email: b.email, expires: expect.any(Number), signature: createHmac('sha256', 'shared-with-support').update(`${b.uid}\n${b.email}\n${support.expires}`).digest('hex') });
      expect(support.expires - before).toBeGreaterThan(3600 - 5);
      expect(support.expires - before).toBeLessThanOrEqual(7200);
    });

    it('takes feedback from anyone for staff to read, and lists companies staff add', async () => {
      // A contact is copied as typed into a phone or a mail: what shows nothing (an isolate that turned
      // "+971 50 123 4567" around for staff) is taken out.
      expect(await api.form('/api/feedback', { text: 'The chart is great', contact: '\u2067me@example.org' })).toMatchObject({ code: 1 });
      expect(await api.form('/api/feedback', { text: '' })).toMatchObject({ code: 0 });
      const list = (await api.get('/admin/api/feedback', { page: 1 }, admin)).data;
      expect(list).toMatchObject({ total: 1, data: [{ text: 'The chart is great', contact: 'me@example.org', email: null, handled_by: null, handled_at: null }] });
      // Staff mark it handled once, and the list says by whom and when.
      const handle = () => staffPost('/feedback/handle', { id: list.data[0].id });
      expect(await handle()).toMatchObject({ code: 1 });
      expect(await handle()).toMatchObject({ code: 0, msg: 'This request has already been handled' });
      const handled = (await api.get('/admin/api/feedback', { page: 1 }, admin)).data.data[0];
      expect(handled.handled_by).toMatch(/@/);
      expect(handled.handled_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const answers = await Promise.all(Array.from({ length: 12 }, () => api.form('/api/feedback', { text: 'spam' })));
      expect(answers.filter((r) => r.code === 1)).toHaveLength(9);

      expect(await staffPost('/companies', { name: 'Evil', url: 'javascript:alert(1)' })).toMatchObject({ code: 0, msg: 'url is invalid' });
      expect(await staffPost('/companies', { name: 'Evil', email: 'not an email' })).toMatchObject({ code: 0, msg: 'Email is invalid' });
      // A logo is a picture uploaded here: the app's page may show no other.
      for (const logo of ['https://upload.example/logo.png', 'javascript:alert(1)']) {
        expect(await staffPost('/companies', { name: 'Evil', logo })).toMatchObject({ code: 0, msg: 'Logo is invalid' });
      }
      expect(await staffPost('/companies', { name: 'Acme Markets Ltd', url: 'https://acme.example', email: 'ir@acme.example' })).toMatchObject({ code: 1 });
      expect((await api.get('/api/company/getCompany', { name: 'acme' })).data).toEqual([expect.objectContaining({ name: 'Acme Markets Ltd', url: 'https://acme.example' })]);
      expect((await api.get('/api/company/getCompany', { name: '%' })).data).toEqual([]);
      // Made inactive, it leaves the traders' directory but staff still find it, to make it active again.
      const [{ id }] = (await api.get('/admin/api/companies', {}, admin)).data;
      expect(await staffPost('/companies', { id, name: 'Acme Markets Ltd', active: 0 })).toMatchObject({ code: 1 });
      expect((await api.get('/api/company/getCompany', {})).data).toEqual([]);
      expect((await api.get('/admin/api/companies', {}, admin)).data).toEqual([expect.objectContaining({ id, name: 'Acme Markets Ltd', active: false })]);
    });
  });
}
