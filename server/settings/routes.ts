import { asc } from 'drizzle-orm';
import { accountCalls as calls, type BasicInfo } from '../../contract/account';
import { newCaptcha } from '../accounts/captcha';
import { getSetting } from './settings';
import { areas } from '../accounts/schema';
import type { Deps } from '../deps';

export function commonRoutes({ db, route }: Deps): void {
  route(calls.areaList, async () =>
    (await db.select().from(areas).orderBy(asc(areas.id))).map((a) => ({ id: a.id, code: a.code, global_code: a.globalCode })),
  );
  route(calls.setting, async ({ key }) => getSetting<string | number>(db, key));
  route(calls.basicInfo, async () => getSetting<BasicInfo>(db, 'basic_info'));
  route(calls.companyStatus, async () => getSetting(db, 'company_status'));
  route(calls.captcha, async () => newCaptcha(db));
}
