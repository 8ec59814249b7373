import { hashPassword } from '../auth/password';
import type { Config } from '../config';
import type { Db } from '../store/open';
import { staff } from '../store/schema';

/** The first staff account, from ADMIN_EMAIL / ADMIN_PASSWORD; an existing one is left alone. */
export async function ensureAdmin(db: Db, config: Config): Promise<void> {
  if (!config.adminEmail || !config.adminPassword) return;
  await db
    .insert(staff)
    .values({ email: config.adminEmail.toLowerCase(), passwordHash: await hashPassword(config.adminPassword) })
    .onConflictDoNothing();
}
