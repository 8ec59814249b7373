import { and, eq, gt, inArray, lt, notExists } from 'drizzle-orm';
import { ORDER_STATUS } from '../contract/trading';
import { sessions, users } from './accounts/schema';
import * as ledger from './ledger/ledger';
import type { Db } from './platform/store/open';
import { isViolation } from './platform/store/violations';
import { orders } from './trading/schema';

/**
 * Deletes demo accounts nobody uses, which anyone can otherwise make without end. It crosses
 * features (users and sessions, orders, money), so it lives with the composition, and money rows
 * leave only through the ledger module.
 */
export const DEMO_IDLE_DAYS = 30;
const SWEEP_MS = 60 * 60_000;
const BATCH = 500;

/**
 * One sweep: a demo user made over `DEMO_IDLE_DAYS` ago, with no live session, no pending or open
 * order and no money moved since then, is deleted with its sessions, orders and wallet. A user some
 * other table still refers to (an invitee, say) is skipped: its transaction rolls back alone.
 * Answers how many were deleted.
 */
export async function sweepIdleDemos(db: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - DEMO_IDLE_DAYS * 86_400_000);
  const candidates = await db.select({ id: users.id }).from(users).where(and(
    eq(users.isDemo, true),
    lt(users.createdAt, since),
    notExists(db.select({ one: sessions.userId }).from(sessions).where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, now)))),
    notExists(db.select({ one: orders.id }).from(orders)
      .where(and(eq(orders.userId, users.id), inArray(orders.status, [ORDER_STATUS.pending, ORDER_STATUS.open])))),
  )).limit(BATCH);
  const moved = await ledger.movedSince(db, candidates.map((c) => c.id), since);
  let deleted = 0;
  for (const { id } of candidates) {
    if (moved.has(id)) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(orders).where(eq(orders.userId, id));
        await ledger.forgetAccount(tx, id);
        await tx.delete(users).where(and(eq(users.id, id), eq(users.isDemo, true)));
      });
      deleted += 1;
    } catch (error) {
      // Still referred to elsewhere: kept, and looked at again next time.
      if (!isViolation(error, 'foreignKey')) throw error;
    }
  }
  return deleted;
}


/** Sweeps every hour; answers the stop. */
export function startDemoExpiry(db: Db, log: (error: unknown) => void): () => void {
  const timer = setInterval(() => void sweepIdleDemos(db).catch(log), SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
