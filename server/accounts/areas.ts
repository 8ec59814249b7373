import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { areas, users } from './schema';

export interface AreaInput {
  id?: number;
  code: string;
  global_code: string;
  active: boolean;
}

type Area = typeof areas.$inferSelect;

/** Every area for staff, or only the active ones traders may pick. */
export const listAreas = (db: Db | Tx, onlyActive: boolean): Promise<Area[]> =>
  db.select().from(areas).where(onlyActive ? eq(areas.active, true) : undefined).orderBy(asc(areas.id));

/** How many accounts were registered with each area, by area id. */
export async function accountsByArea(db: Db | Tx): Promise<Map<number, number>> {
  const rows = await db.select({ id: users.areaId, n: count() }).from(users).where(isNotNull(users.areaId)).groupBy(users.areaId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

const accountsIn = async (db: Db | Tx, id: number) =>
  (await db.select({ n: count() }).from(users).where(eq(users.areaId, id)))[0]!.n;

async function areaById(db: Db | Tx, id: number): Promise<Area> {
  const [row] = await db.select().from(areas).where(eq(areas.id, id)).limit(1);
  return row ?? refuse('area_invalid');
}

/**
 * Adds an area (no id) or changes one. A letter code is listed once. The dialling code of an area
 * accounts were registered with stays as it is: their logins are that code and their number.
 */
export async function saveArea(tx: Tx, input: AreaInput): Promise<{ id: number; before: Area | null; after: Area }> {
  const values = { code: input.code, globalCode: input.global_code, active: input.active };
  const [twin] = await tx.select({ id: areas.id }).from(areas)
    .where(and(sql`upper(${areas.code}) = ${input.code.toUpperCase()}`, input.id === undefined ? undefined : ne(areas.id, input.id))).limit(1);
  if (twin) refuse('area_taken');
  if (input.id === undefined) {
    const [after] = await tx.insert(areas).values(values).returning();
    return { id: after!.id, before: null, after: after! };
  }
  const before = await areaById(tx, input.id);
  if (before.globalCode !== input.global_code && (await accountsIn(tx, input.id)) > 0) refuse('area_number_in_use');
  const [after] = await tx.update(areas).set(values).where(eq(areas.id, input.id)).returning();
  return { id: after!.id, before, after: after! };
}

/** Removes an area no account was registered with; one in use can only be made inactive. */
export async function removeArea(tx: Tx, id: number): Promise<{ before: Area; after: null }> {
  const before = await areaById(tx, id);
  if ((await accountsIn(tx, id)) > 0) refuse('area_in_use');
  await tx.delete(areas).where(eq(areas.id, id));
  return { before, after: null };
}
