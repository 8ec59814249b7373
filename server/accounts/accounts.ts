import { count, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../platform/store/open';
import { users } from './schema';

/** Staff edit the area codes of registration by mobile from the back office. */
export { accountsByArea, listAreas, removeArea, saveArea, type AreaInput } from './areas';

/** What other features may know of a trader: how to write to them, and which kind of account it is. */
export interface Trader {
  id: number;
  uid: string;
  email: string | null;
  isDemo: boolean;
}

const columns = { id: users.id, uid: users.uid, email: users.email, isDemo: users.isDemo };

export async function traderOf(db: Db | Tx, userId: number): Promise<Trader | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function tradersOf(db: Db | Tx, userIds: number[]): Promise<Map<number, Trader>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select(columns).from(users).where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Staff's look-up of a trader by id, uid, email or full phone number (+447700900123, also without
 * its + or with spaces), with who invited them and how many they invited.
 */
export async function findTrader(db: Db, q: string) {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/[\s()-]/g, '');
  const phone = /^\+?\d{7,15}$/.test(digits) ? `+${digits.replace(/^\+/, '')}` : text;
  const where = /^\d{1,9}$/.test(text) ? or(eq(users.id, Number(text)), eq(users.uid, text)) : or(eq(users.uid, text), eq(users.email, text), eq(users.phone, phone));
  const [row] = await db.select().from(users).where(where).limit(1);
  if (!row) return undefined;
  const [referrer] = row.invitedBy === null ? [] : await db.select(columns).from(users).where(eq(users.id, row.invitedBy)).limit(1);
  return { ...row, referrer: referrer ?? null, invited: await invitedCount(db, row.id) };
}

/** How many accounts signed up with the trader's invite code. */
export async function invitedCount(db: Db, userId: number): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
  return counted!.n;
}
