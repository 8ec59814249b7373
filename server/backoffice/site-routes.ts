import { BACKOFFICE_PAGE, backofficeSettingsCalls as setup, backofficeSiteCalls as site, SETTING_ALIASES } from '../../contract/backoffice';
import type { CallDef } from '../../contract/define';
import { accountsByArea, findTrader, listAreas, removeArea, saveArea, tradersOf, type AreaInput } from '../accounts/accounts';
import * as content from '../content/content';
import type { Deps } from '../deps';
import * as funds from '../funds/funds';
import { identityOf } from '../identity/identity';
import * as ledger from '../ledger/ledger';
import { wireTime } from '../market/market';
import { refuse } from '../platform/http/refusal';
import type { Tx } from '../platform/store/open';
import { isSettingKey, Settings, type SettingKey } from '../settings/settings';
import { uploadedBytes, type Uploads } from '../uploads/uploads';
import { channelViews } from './channel-views';
import { productRoutes } from './product-routes';
import { staffEmails } from './staff';
import { staffRouting, type StaffCtx } from './staff-route';

/** The contract's 200,000 characters of news HTML, each up to 4 bytes of UTF-8, with the other fields. */
const NEWS_BODY_LIMIT = 1024 * 1024;

/** Staff run the site: settings and pauses, funds channels, news, feedback, companies, traders. */
export function siteRoutes({ app, db, settings, market }: Deps, uploads: Uploads): void {
  const routing = staffRouting({ app, db });
  const { staffRoute, decide } = routing;
  productRoutes({ db, market }, routing);

  staffRoute(setup.channels, ['admin'], async () => channelViews(await funds.allChannels(db)));
  const saveChannel = <C extends CallDef>(call: C, kind: string, save: (tx: Tx, input: never) => Promise<{ id: number; before: unknown; after: unknown }>) =>
    staffRoute(call, ['admin'], async (input: { id?: number }, ctx) => {
      const saved = await decide(ctx, `funds.${kind}.save`, (r) => `${kind}:${r.id}`, null, (tx: Tx) => save(tx, input as never));
      return { id: saved.id };
    });
  saveChannel(setup.saveNetwork, 'network', funds.saveNetwork);
  saveChannel(setup.saveBankCoin, 'bank_coin', funds.saveBankCoin);
  saveChannel(setup.saveWireAccount, 'wire_account', funds.saveWireAccount);
  saveChannel(setup.saveCurrency, 'currency', funds.saveCurrency);

  /**
   * A setting by its own key, or by a flat alias into one (`site_title` is `site_config.title`):
   * stored with its audit row in one transaction, then taken into use.
   */
  const change = async (ctx: StaffCtx, action: string, key: string, value: unknown, reason: string | null = null) => {
    const alias = SETTING_ALIASES[key as keyof typeof SETTING_ALIASES];
    const own = alias ? alias[0] : key;
    if (!isSettingKey(own)) refuse('setting_unknown');
    const before = settings.get(own as SettingKey);
    const given = alias ? { ...(before as Record<string, unknown>), [alias[1]]: fitted((before as Record<string, unknown>)[alias[1]], value) } : fitted(before, value);
    const after = Settings.checked(own as SettingKey, given) ?? refuse('setting_invalid');
    await decide(ctx, action, `setting:${own}`, reason, async (tx: Tx) => {
      await Settings.write(tx, own as SettingKey, after as never);
      return { before, after };
    });
    settings.apply(own as SettingKey, after as never);
  };
  staffRoute(setup.settings, ['admin'], async () => settings.all());
  staffRoute(setup.saveSetting, ['admin'], async (q: { key: string; value: unknown }, ctx) => {
    await change(ctx, 'settings.save', q.key, q.value);
    return null;
  }, { labels: { key: 'setting' } });
  staffRoute(site.pause, ['admin'], async (q: { scope: 'site' | 'trading' | 'deposits' | 'withdrawals'; on: 0 | 1; message?: string }, ctx) => {
    if (q.scope === 'site') await change(ctx, 'pause.site', 'company_status', { ...settings.get('company_status'), status: q.on, message: q.message ?? '' }, q.message ?? null);
    else await change(ctx, `pause.${q.scope}`, 'pauses', { ...settings.get('pauses'), [q.scope]: { on: q.on, message: q.message ?? '' } }, q.message ?? null);
    return null;
  });

  staffRoute(site.news, ['admin'], async (q: { page: number; limit?: number }) => content.allNews(db, q.page, q.limit ?? BACKOFFICE_PAGE));
  staffRoute(site.saveNews, ['admin'], async (q: content.NewsInput & { id?: number }, ctx) => {
    const { after } = await decide(ctx, 'news.save', (saved) => `news:${saved.after.id}`, null, (tx: Tx) => content.saveNews(tx, ctx.staffId, q));
    return { id: after.id };
  }, { bodyLimit: NEWS_BODY_LIMIT });
  staffRoute(site.newsImage, ['admin'], async (_q, ctx, request) => {
    return { url: await uploads.savePublic(ctx.staffId, await uploadedBytes(request)) };
  });
  staffRoute(site.feedback, ['admin'], async (q: { page: number; limit?: number }) => {
    const { rows, total } = await content.feedbackPage(db, q.page, q.limit ?? BACKOFFICE_PAGE);
    const [senders, handlers] = await Promise.all([
      tradersOf(db, rows.flatMap((r) => (r.userId === null ? [] : [r.userId]))),
      staffEmails(db, rows.map((r) => r.readBy)),
    ]);
    return {
      data: rows.map((r) => ({
        id: r.id, user_id: r.userId, email: r.userId === null ? null : (senders.get(r.userId)?.email ?? null), text: r.text, contact: r.contact,
        created_at: wireTime(r.createdAt), handled_by: handlers(r.readBy), handled_at: r.readAt && wireTime(r.readAt),
      })),
      total,
    };
  });
  staffRoute(site.handleFeedback, ['admin'], async (q: { id: number }, ctx) => {
    await decide(ctx, 'feedback.handle', `feedback:${q.id}`, null, (tx) => content.handleFeedback(tx, q.id, ctx.staffId));
    return null;
  });
  staffRoute(site.companies, ['admin'], async () => content.allCompanies(db));
  staffRoute(site.saveCompany, ['admin'], async (q: content.CompanyInput, ctx) => {
    const { after } = await decide(ctx, 'company.save', (saved) => `company:${saved.after.id}`, null, (tx: Tx) => content.saveCompany(tx, q));
    return { id: after.id };
  });

  staffRoute(site.areas, ['admin'], async () => {
    const [rows, used] = await Promise.all([listAreas(db, false), accountsByArea(db)]);
    return rows.map((a) => ({ id: a.id, code: a.code, global_code: a.globalCode, active: a.active, accounts: used.get(a.id) ?? 0 }));
  });
  staffRoute(site.saveArea, ['admin'], async (q: AreaInput, ctx) =>
    ({ id: (await decide(ctx, 'area.save', (r) => `area:${r.id}`, null, (tx: Tx) => saveArea(tx, q))).id }));
  staffRoute(site.removeArea, ['admin'], async (q: { id: number }, ctx) => {
    await decide(ctx, 'area.remove', `area:${q.id}`, null, (tx) => removeArea(tx, q.id));
    return null;
  });

  staffRoute(site.trader, 'any', async (q: { q: string }) => {
    const trader = (await findTrader(db, q.q)) ?? refuse('trader_unknown');
    const [wallet, identity] = await Promise.all([ledger.walletOf(db, trader.id), identityOf(db, trader.id)]);
    return {
      id: trader.id, uid: trader.uid, email: trader.email, phone: trader.phone, is_demo: trader.isDemo, invite_code: trader.inviteCode,
      invited_by: trader.referrer && { id: trader.referrer.id, uid: trader.referrer.uid, email: trader.referrer.email },
      invited: trader.invited, available: wallet?.available ?? '0', frozen: wallet?.frozen ?? '0',
      identity: identity?.reviewStatus ?? 0, created_at: wireTime(trader.createdAt),
    };
  });
}

/** A value as the setting holds it: numbers may arrive as text from a form. */
function fitted(current: unknown, value: unknown): unknown {
  return typeof current === 'number' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}
