import { hashPassword } from '../platform/auth/password';
import type { Config } from '../platform/config';
import type { Db } from '../platform/store/open';
import { staff } from './schema';

/** The first staff account, from ADMIN_EMAIL / ADMIN_PASSWORD; an existing one is left alone. */
export async function ensureAdmin(db: Db, config: Config): Promise<void> {
  if (!config.adminEmail || !config.adminPassword) return;
  await db
    .insert(staff)
    .values({ email: config.adminEmail.toLowerCase(), passwordHash: await hashPassword(config.adminPassword) })
    .onConflictDoNothing();
}
