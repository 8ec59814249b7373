import { eq } from 'drizzle-orm';
import type { Db } from '../platform/store/open';
import { DEFAULT_SETTINGS } from '../accounts/seed';
import { settings } from '../accounts/schema';

/** A site setting as stored (staff edit them later), else its default. */
export async function getSetting<T>(db: Db, key: string): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return (row?.value ?? DEFAULT_SETTINGS[key]) as T;
}
