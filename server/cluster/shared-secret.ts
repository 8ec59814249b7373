import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/store/open';
import { clusterSecrets } from './schema';

/**
 * The secret every node of a cluster signs with, when `APP_SECRET` is not set: made by the first
 * node and kept in the database (one node alone keeps its own in DATA_DIR).
 */
export async function sharedSecret(db: Db): Promise<string> {
  await db.insert(clusterSecrets).values({ name: 'app', value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: clusterSecrets.value }).from(clusterSecrets).where(eq(clusterSecrets.name, 'app'));
  return row!.value;
}
