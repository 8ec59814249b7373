import { sql } from 'drizzle-orm';
import { areas } from './schema';
import type { Db } from '../platform/store/open';

const AREAS: [code: string, globalCode: string][] = [
  ['HK', '852'], ['TW', '886'], ['JP', '81'], ['KR', '82'], ['TH', '66'], ['VN', '84'], ['FR', '33'],
  ['DE', '49'], ['RU', '7'], ['ES', '34'], ['PT', '351'], ['AE', '971'], ['IT', '39'], ['TR', '90'],
  ['ID', '62'], ['MY', '60'], ['IN', '91'], ['CZ', '420'], ['IR', '98'], ['FI', '358'], ['EE', '372'],
  ['GB', '44'], ['US', '1'], ['SG', '65'], ['AU', '61'],
];

/** The area codes of registration by mobile, written into an empty store. */
export async function seedAccounts(db: Db): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(areas);
  if (count === 0) await db.insert(areas).values(AREAS.map(([code, globalCode]) => ({ code, globalCode })));
}
