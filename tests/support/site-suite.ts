import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contract/backoffice';
import { LANGUAGES } from '../../contract/fields';
import { products } from '../../server/market/schema';
import type { StoreOptions } from '../../server/platform/store/open';
import { client } from './http';
import { TestSocket } from './socket';
import { startServer, type TestServer } from './server';
import { signInStaff, staffApi } from './staff';

/**
 * Staff edit products and categories on a running server: the next quote list, ticket and order use
 * the new values at once; a bad field or value and a staff member without the admin role change
 * nothing; every change is in the audit log.
 */
export function siteSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`products and categories by staff (${label})`, () => {
    let server: TestServer;
    let api: ReturnType<typeof client>;
    let admin: string;
    let eurusd: number;

    beforeAll(async () => {
      server = await startServer(storeOptions());
      api = client(server.url);
    });
    afterAll(() => server?.close());
    beforeEach(async () => {
      await server.reset();
      // The reset wrote the seeded catalogue again: the running market reads it like after an edit.
      await server.market.reloadCatalogue();
      server.clearLimits();
      eurusd = server.market.productByCode('EURUSD')!.Id;
      admin = await staff('admin');
    });

    const staff = (role: StaffRole) => signInStaff(server, role);
    const staffPost = (path: string, body: unknown, token = admin) => staffApi(server.url)(path, body, token);
    const edit = (field: string, value: unknown, token = admin, id = eurusd) => staffPost('/products', { id, field, value }, token);
    const demo = async () => (await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() })).data.token as string;
    /** A quote with the market open, as a feed tick would set it. */
    const quote = (bid: number, ask: number) => {
      const inst = server.market.instrument('EURUSD')!;
      server.market.status(inst, true, Date.now());
      server.market.tick(inst, bid, ask, Date.now());
    };
    const buy = (token: string, query: Record<string, number> = {}) =>
      api.get('/v1/api/forex/submit', { type: 1, cont: 1, forex_id: eurusd, status: 1, multiple: 100, ...query }, token);
    const listed = async () => ((await api.get('/v1/api/forex/trade_list', {})).data as any[]).find((p) => p.Id === eurusd);
    const stored = async () => (await server.store.db.select().from(products).where(eq(products.id, eurusd)))[0]!;
    const productAudit = async () => ((await api.get('/admin/api/audit', { limit: 100 }, admin)).data.data as any[]).filter((row) => /^(product|category)\./.test(row.action));

    it('charges the next order the fee rate staff set, shows it in the quote list, and audits the change', async () => {
      const trader = await demo();
      quote(1.085, 1.0852);
      expect((await buy(trader)).data).toMatchObject({ TradeFee: '5.000000' });

      const saved = await edit('fee_rate', '7.5');
      expect(saved).toMatchObject({ code: 1, data: { id: eurusd, code: 'EURUSD', fee_rate: 7.5 } });
      expect((await buy(trader)).data).toMatchObject({ TradeFee: '7.500000' });
      expect((await buy(trader, { cont: 2 })).data).toMatchObject({ TradeFee: '15.000000' });
      expect(await listed()).toMatchObject({ ForexFeeRate: 7.5 });
      expect(Number((await stored()).feeRate)).toBe(7.5);

      const [row] = await productAudit();
      expect(row).toMatchObject({ action: 'product.fee_rate', target: `product:${eurusd}`, before: { feeRate: '5.00000000' }, after: { feeRate: '7.50000000' } });
    });

    it('sets the spread the feed quotes from its next tick, to the product\'s digits, and audits it', async () => {
      expect(await edit('spread', '0.0002')).toMatchObject({ code: 1, data: { spread: 0.0002 } });
      expect(server.market.instrument('EURUSD')!.spread).toBe(0.0002);
      // Finer than the product's five digits: every ask would round it away.
      expect(await edit('spread', 0.000015)).toMatchObject({ code: 0 });
      expect(await edit('spread', -1)).toMatchObject({ code: 0 });
      expect(server.market.instrument('EURUSD')!.spread).toBe(0.0002);
      const [row] = await productAudit();
      expect(row).toMatchObject({ action: 'product.spread', target: `product:${eurusd}` });
    });

    it('holds a market closed or open, changes leverages and lots, and the ticket and order follow', async () => {
      const trader = await demo();
      quote(1.085, 1.0852);
      // A screen watching the quotes hears the hold, so it does not go on offering a closed market.
      const socket = await TestSocket.open(server.url);
      socket.send({ type: 'sub', params: 'DAY_MARKET' });
      await socket.json('sub_result');
      const heard = (status: number) => socket.json('MARKET_STATUS', (f: { symbol: string; status: number }) => f.symbol === 'EURUSD' && f.status === status);
      expect(await edit('market_status', 2)).toMatchObject({ code: 1, data: { market_status: 2, open: false } });
      await heard(2);
      expect(await listed()).toMatchObject({ MarketStatus: 2 });
      expect(await buy(trader)).toMatchObject({ code: 0, msg: 'The market is closed' });
      // Prices the feed brings meanwhile are not taken: the quote stays where the hold found it.
      quote(1.09, 1.0902);
      expect((await listed()).ForexQuotations).toMatchObject({ Close: 1.085 });
      expect(server.market.quote('EURUSD')).toMatchObject({ bid: 1.085, open: false });
      expect(await edit('market_status', '0')).toMatchObject({ code: 1, data: { open: true } });
      await heard(1);
      expect((await buy(trader)).code).toBe(1);

      // New terms, same status: said all the same, so an open ticket reads the product again.
      const termsHeard = heard(1);
      expect(await edit('leverages', '200, 50')).toMatchObject({ code: 1, data: { leverages: [50, 200] } });
      await termsHeard;
      socket.close();
      expect((await listed()).HasForexMultiple).toEqual([{ Value: 50 }, { Value: 200 }]);
      expect((await buy(trader)).code).toBe(0); // 100 is no longer offered
      expect((await buy(trader, { multiple: 50 })).code).toBe(1);
      // No leverage at all: the product takes no new order, and says why (spec section 5).
      expect(await edit('leverages', '')).toMatchObject({ code: 1, data: { leverages: [] } });
      expect((await listed()).HasForexMultiple).toEqual([]);
      expect(await buy(trader, { multiple: 50 })).toMatchObject({ code: 0, msg: 'Leverage not configured, temporarily unable to place order' });
      expect((await edit('leverages', [50, 200])).code).toBe(1);

      expect((await edit('min_lots', 0.5)).code).toBe(1);
      expect((await edit('step', '0.5')).code).toBe(1);
      expect(await listed()).toMatchObject({ ForexMinCont: 0.5, Pip: 0.5 });
      expect((await edit('precision', 4)).code).toBe(1);
      expect((await edit('units_per_lot', 1000)).code).toBe(1);
      expect((await edit('margin_mode', 1)).code).toBe(1);
      expect((await edit('category', 2)).code).toBe(1);
      expect(await listed()).toMatchObject({ PricePrecision: 4, ForexContNum: 1000, MarginMode: 1, CategoryId: 2 });
      expect((await productAudit()).map((row) => row.action)).toEqual([
        'product.category', 'product.margin_mode', 'product.units_per_lot', 'product.precision', 'product.step', 'product.min_lots',
        'product.leverages', 'product.leverages', 'product.leverages', 'product.market_status', 'product.market_status',
      ]);
    });

    it('a new contract size applies to orders placed after it: a position open before closes at the size it opened with', async () => {
      const trader = await demo();
      quote(1.085, 1.0852);
      const { data: position } = await buy(trader);
      expect((await edit('units_per_lot', 1000)).code).toBe(1);
      quote(1.087, 1.0872);
      const [held] = (await api.get('/v1/api/forex/my_deal', { status: 1, page: 1 }, trader)).data.data;
      // 1 lot of 100,000 units, bought at 1.0852, valued at the bid 1.087: 180.
      expect(held).toMatchObject({ Id: position.Id, FactProfits: '180.000000' });
      expect((await api.get('/v1/api/forex/close', { id: position.Id }, trader)).code).toBe(1);
      const [closed] = (await api.get('/v1/api/forex/my_deal', { status: 3, page: 1 }, trader)).data.data;
      expect(closed).toMatchObject({ Id: position.Id, FactProfits: '180.000000' });
      // The next order is of the new size: 1 lot of 1,000 units at the ask 1.0872, leverage 100.
      expect((await buy(trader)).data).toMatchObject({ CautionMoney: '10.872000' });
    });

    it('a coarser price leaves a position\'s stops as they were set: sent back unchanged beside a new one, they pass', async () => {
      const trader = await demo();
      quote(1.085, 1.0852);
      const { data: position } = await buy(trader);
      const stops = (query: Record<string, number>) => api.get('/v1/api/forex/set_stop_price', { id: position.Id, ...query }, trader);
      expect((await stops({ stop_loss_price: 1.08001, target_profit_price: 0 })).code).toBe(1);
      expect((await edit('precision', 4)).code).toBe(1);
      // The order popup sends both levels: the stop loss as it was, the take profit new.
      expect((await stops({ stop_loss_price: 1.08001, target_profit_price: 1.095 })).code).toBe(1);
      // A new level is held to the new places.
      expect(await stops({ stop_loss_price: 1.08002, target_profit_price: 1.095 })).toMatchObject({ code: 0, msg: 'Stop loss has too many decimal places' });
      const [held] = (await api.get('/v1/api/forex/my_deal', { status: 1, page: 1 }, trader)).data.data;
      expect(held).toMatchObject({ TargetLossPrice: 1.08001, TargetProfitPrice: 1.095 });
    });

    it('refuses a bad field or value and changes nothing', async () => {
      const before = await stored();
      const refusals: [string, unknown, number?][] = [
        ['volatility', 0.1], ['spread', 'wide'], ['fee_rate', -1], ['fee_rate', 'cheap'], ['leverages', '10,10'], ['leverages', [0]],
        ['min_lots', 1e9], ['max_lots', 0.001], ['step', 0], ['margin_mode', 3], ['precision', 11], ['market_status', 5],
        ['category', 999], ['fee_rate', 1, 99_999],
      ];
      for (const [field, value, id] of refusals) {
        const res = await edit(field, value, admin, id);
        expect(res, `${field}=${JSON.stringify(value)}`).toMatchObject({ code: 0 });
        expect(res.msg).not.toBe('');
      }
      // Each refusal says what is wrong: a maximum below the minimum, a leverage list with a 0 in it.
      expect(await edit('max_lots', 0.001)).toMatchObject({ code: 0, msg: 'The maximum must not be below the minimum' });
      // A minimum the step cannot reach could never be traded, whichever of the two is changed.
      expect(await edit('step', 0.05)).toMatchObject({ code: 0, msg: `The minimum lots must be a multiple of the step (0.05)` });
      expect(await edit('min_lots', 0.015)).toMatchObject({ code: 0, msg: `The minimum lots must be a multiple of the step (${Number(before.pip)})` });
      expect(await edit('leverages', '0, 5')).toMatchObject({ code: 0, msg: 'Value is out of range' });
      expect(await edit('fee_rate', 1, admin, 99_999)).toMatchObject({ code: 0, msg: 'This product does not exist' });
      expect(await stored()).toEqual(before);
      expect(server.market.instrument('EURUSD')).toMatchObject({ feeRate: 5, minCont: Number(before.minCont), categoryId: before.categoryId });
      expect(await productAudit()).toEqual([]);
    });

    it('refuses staff without the admin role and traders', async () => {
      for (const role of ['finance', 'compliance'] as const) {
        expect(await edit('fee_rate', 9, await staff(role))).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        expect(await api.get('/admin/api/products', {}, await staff(role))).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        // Said before the input is read: what was sent wrong is no concern of a role that may not call.
        expect(await staffPost('/categories', { sort: 9, names: {} }, await staff(role))).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        // News and traders' feedback are the admin's screens, and the admin's calls.
        for (const path of ['/admin/api/news', '/admin/api/feedback']) {
          expect(await api.get(path, { page: 1 }, await staff(role)), path).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
        }
        expect(await staffPost('/feedback/handle', { id: 1 }, await staff(role))).toMatchObject({ code: 0, msg: 'Your role does not allow this' });
      }
      expect((await edit('fee_rate', 9, await demo())).code).toBe(999);
      expect((await edit('fee_rate', 9, '')).code).toBe(999);
      expect(server.market.instrument('EURUSD')!.feeRate).toBe(5);
      expect(await productAudit()).toEqual([]);
    });

    it('names a category in the 21 languages, adds one, and lists products with their settings', async () => {
      const names = Object.fromEntries(LANGUAGES.map((lang) => [lang, `Majors ${lang}`]));
      expect(await staffPost('/categories', { id: 1, names })).toMatchObject({ code: 1, data: { id: 1 } });
      const fr = await client(server.url, { lang: 'fr' }).get('/v1/api/forex/getCategories', {});
      expect(fr.data).toContainEqual({ Id: 1, NameShowTrans: 'Majors fr' });

      const { fi: _missing, ...partial } = names;
      expect(await staffPost('/categories', { id: 1, names: partial })).toMatchObject({ code: 0 });
      const added = await staffPost('/categories', { names: { ...names, en: 'Bonds' } });
      expect(added.code).toBe(1);
      expect((await api.get('/v1/api/forex/getCategories', {})).data).toContainEqual({ Id: added.data.id, NameShowTrans: 'Bonds' });

      const list = (await api.get('/admin/api/products', {}, admin)).data;
      expect(list.categories.find((c: any) => c.id === 1).names.jp).toBe('Majors jp');
      expect(list.products.find((p: any) => p.code === 'EURUSD')).toMatchObject({ fee_rate: 5, market_status: 0, leverages: expect.any(Array) });
      expect((await productAudit()).map((row) => row.action)).toEqual(['category.save', 'category.save']);
    });

    it('lets an admin add, edit and close area codes that traders see at once, and keeps an area in use', async () => {
      const areaList = async () => (await api.get<{ id: number; code: string; global_code: string }[]>('/api/default/area_list')).data;
      const added = await staffPost('/areas', { code: 'nz', global_code: '640' });
      expect(added).toMatchObject({ code: 1, data: { id: expect.any(Number) } });
      const nz = added.data.id as number;
      expect(await areaList()).toContainEqual({ id: nz, code: 'NZ', global_code: '640' });

      // Bad input and a second NZ are refused with a message, and change nothing.
      const before = (await api.get('/admin/api/areas', {}, admin)).data;
      expect(await staffPost('/areas', { code: 'N1', global_code: '64' })).toMatchObject({ code: 0, msg: 'code is invalid' });
      expect(await staffPost('/areas', { code: 'NZ', global_code: '6a' })).toMatchObject({ code: 0, msg: expect.stringMatching(/^global_code/) });
      expect(await staffPost('/areas', { code: 'nz', global_code: '64' })).toMatchObject({ code: 0, msg: 'This area code is already listed' });
      expect(await staffPost('/areas', { id: 99_999, code: 'XX', global_code: '1' })).toMatchObject({ code: 0 });
      // Only admins edit them.
      const finance = await staff('finance');
      expect((await staffPost('/areas', { code: 'FJ', global_code: '679' }, finance)).code).toBe(0);
      expect((await staffPost('/areas/remove', { id: nz }, finance)).code).toBe(0);
      expect((await api.get('/admin/api/areas', {}, finance)).code).toBe(0);
      expect((await api.get('/admin/api/areas', {}, admin)).data).toEqual(before);

      expect((await staffPost('/areas', { id: nz, code: 'NZ', global_code: '064' })).code).toBe(0);
      expect((await staffPost('/areas', { id: nz, code: 'NZ', global_code: '64' })).code).toBe(1);
      expect(await areaList()).toContainEqual({ id: nz, code: 'NZ', global_code: '64' });

      // A trader registers with it: it stays, its dialling code stays, and closing it hides it from new traders.
      await server.settings.set('basic_info', { ...server.settings.get('basic_info'), verify_reg_type: 1 });
      expect((await api.form('/api/notify/send_sms', { to: '211234567', area_id: nz, type: 1 })).code).toBe(1);
      const sms = (await server.lastSms('+64211234567'))!;
      const form = { type: 'mobile', area_id: nz, mobile: '211234567', password: 'secret123', re_password: 'secret123', sms_code: sms };
      expect(await api.form('/api/user/register', form)).toMatchObject({ code: 1 });
      expect(await staffPost('/areas/remove', { id: nz })).toMatchObject({ code: 0, msg: 'Accounts are registered with this area: it cannot be removed, make it inactive instead' });
      expect((await staffPost('/areas', { id: nz, code: 'NZ', global_code: '61' })).code).toBe(0);
      expect((await staffPost('/areas', { id: nz, code: 'NZ', global_code: '64', active: 0 })).code).toBe(1);
      expect((await areaList()).map((a) => a.id)).not.toContain(nz);
      expect((await api.get('/admin/api/areas', {}, admin)).data).toContainEqual({ id: nz, code: 'NZ', global_code: '64', active: false, accounts: 1 });
      expect((await api.form('/api/notify/send_sms', { to: '219999999', area_id: nz, type: 1 })).code).toBe(0);
      expect((await api.form('/api/user/loginForU', { login_type: 'mobile', area_id: nz, account: '211234567', password: 'secret123' })).code).toBe(1);

      // An area nobody used is removed.
      const unused = (await staffPost('/areas', { code: 'FJ', global_code: '679' })).data.id as number;
      expect((await staffPost('/areas/remove', { id: unused })).code).toBe(1);
      expect((await areaList()).map((a) => a.id)).not.toContain(unused);

      const audited = ((await api.get('/admin/api/audit', { limit: 100 }, admin)).data.data as any[]).filter((row) => row.action.startsWith('area.'));
      expect(audited.map((row) => row.action).sort()).toEqual(['area.remove', 'area.save', 'area.save', 'area.save', 'area.save']);
      expect(audited.find((row) => row.action === 'area.remove')).toMatchObject({ target: `area:${unused}`, before: { code: 'FJ' }, after: null });
    });
  });
}
