import { eq } from 'drizzle-orm';
import { refuse } from '../platform/http/refusal';
import type { Db } from '../platform/store/open';
import { areas, users } from './schema';

/** Registration modes 1 and 3 sign traders up by mobile; 0 and 2 by email. */
export const registersByMobile = (mode: number) => mode === 1 || mode === 3;

/**
 * The full international number `+<global_code><number>` that keys a phone's codes and its login.
 * A national trunk prefix (leading zeros) is dropped: "07700 900123" in GB is +447700900123.
 * A new account needs an active area; accounts made with one staff later closed still log in.
 */
export async function phoneOf(db: Db, areaId: number, number: string, newAccount = false): Promise<string> {
  const [area] = await db.select({ globalCode: areas.globalCode, active: areas.active }).from(areas).where(eq(areas.id, areaId)).limit(1);
  if (!area || (newAccount && !area.active)) return refuse('area_invalid');
  const national = number.replace(/^0+/, '');
  if (national === '') return refuse('mobile_invalid');
  return `+${area.globalCode.replace(/\D/g, '')}${national}`;
}

/**
 * The key a phone's limits are counted by, made from the request alone (no look-up): area and
 * number without trunk zeros, so "07700..." and "7700..." share one count.
 */
export const phoneLimitKey = (areaId: number, number: string) => `phone:${areaId}:${number.replace(/^0+/, '')}`;

export async function findUserByPhone(db: Db, phone: string) {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}
