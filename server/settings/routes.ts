import { accountCalls as calls } from '../../contract/account';
import type { Deps } from '../deps';

/** The site settings the client reads, from memory. */
export function settingsRoutes({ route, settings }: Deps): void {
  route(calls.setting, async ({ key }) => settings.get(key));
  route(calls.basicInfo, async () => settings.get('basic_info'));
  route(calls.companyStatus, async () => settings.get('company_status'));
}
