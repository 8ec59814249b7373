import { sql } from 'drizzle-orm';
import { areas, settings } from './schema';
import type { Db } from '../platform/store/open';

/** Site settings staff can edit later; written once, never overwritten. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  basic_info: { service_link: '', service_link_type: 1, verify_reg_type: 0, trade_fee_type: 1 },
  site_config: { title: 'TradeDesk', service_link: '' },
  company_status: { status: 0, type: 0, loss_url: '' },
  is_show_mobile: 0,
  complaint_email: 'complaints@tradedesk.example',
  stop_out_level: 50,
};

const AREAS: [code: string, globalCode: string][] = [
  ['HK', '852'], ['TW', '886'], ['JP', '81'], ['KR', '82'], ['TH', '66'], ['VN', '84'], ['FR', '33'],
  ['DE', '49'], ['RU', '7'], ['ES', '34'], ['PT', '351'], ['AE', '971'], ['IT', '39'], ['TR', '90'],
  ['ID', '62'], ['MY', '60'], ['IN', '91'], ['CZ', '420'], ['IR', '98'], ['FI', '358'], ['EE', '372'],
  ['GB', '44'], ['US', '1'], ['SG', '65'], ['AU', '61'],
];

export async function seed(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(areas);
  if (count === 0) await db.insert(areas).values(AREAS.map(([code, globalCode]) => ({ code, globalCode })));
}
