import { accountCalls as calls, PAUSE_SCOPES } from '../../contract/account';
import { translate } from '../platform/i18n/messages';
import type { Deps } from '../deps';

/** The site settings the client reads, from memory. */
export function settingsRoutes({ route, settings }: Deps): void {
  route(calls.setting, async ({ key }) => settings.get(key), { labels: { key: 'setting' } });
  route(calls.basicInfo, async () => ({ ...settings.get('basic_info'), main_mode: settings.get('main_mode') === 1 ? 1 : 0 }));
  route(calls.companyStatus, async (_q, { lang }) => {
    const paused = Object.fromEntries(PAUSE_SCOPES.flatMap((scope) => {
      const pause = settings.paused(scope);
      return pause ? [[scope, pause.message || translate(lang, `${scope}_paused`)]] : [];
    }));
    return { ...settings.get('company_status'), ...(Object.keys(paused).length > 0 ? { paused } : {}) };
  });
}
