import { and, count, eq, ne } from 'drizzle-orm';
import { queueOrder } from '../platform/store/queue-order';
import type { AdjustmentItem } from '../../contract/backoffice';
import { money6 } from '../../domain/decimal';
import { wireTime } from '../market/market';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import * as ledger from '../ledger/ledger';
import { adjustments } from './schema';

type Row = typeof adjustments.$inferSelect;

/** A manual balance change is asked for by one staff member and applied by another (four eyes). */
export async function requestAdjustment(tx: Tx, staffId: number, userId: number, amount: number, reason: string): Promise<Row> {
  const [row] = await tx.insert(adjustments).values({ userId, amount: money6(amount), reason, requestedBy: staffId }).returning();
  return row!;
}

/** Applies a pending adjustment through the ledger, once; the one who asked cannot approve it. */
export async function approveAdjustment(tx: Tx, id: number, staffId: number): Promise<{ before: Row; after: Row }> {
  const before = await adjustmentById(tx, id);
  if (before.requestedBy === staffId) refuse('second_approver_needed');
  const [after] = await tx.update(adjustments).set({ status: 'applied', resolvedBy: staffId, resolvedAt: new Date() })
    .where(and(eq(adjustments.id, id), eq(adjustments.status, 'pending'), ne(adjustments.requestedBy, staffId)))
    .returning();
  if (!after) refuse('request_resolved');
  await ledger.post(tx, [{ userId: after!.userId, kind: 'adjust', amount: after!.amount, ref: `adjustment:${id}` }]);
  return { before, after: after! };
}

export async function rejectAdjustment(tx: Tx, id: number, staffId: number): Promise<{ before: Row; after: Row }> {
  const before = await adjustmentById(tx, id);
  const [after] = await tx.update(adjustments).set({ status: 'rejected', resolvedBy: staffId, resolvedAt: new Date() })
    .where(and(eq(adjustments.id, id), eq(adjustments.status, 'pending'))).returning();
  return { before, after: after ?? refuse('request_resolved') };
}

/** Adjustments waiting for a second staff member. */
export async function pendingAdjustments(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(adjustments).where(eq(adjustments.status, 'pending'));
  return row!.total;
}

/** A page of one status, the pending oldest first and the decided newest first, without the trader's facts (the queue adds them). */
export async function adjustmentPage(db: Db, status: string, page: number, limit: number) {
  const where = eq(adjustments.status, status);
  const [rows, [counted]] = await Promise.all([
    db.select().from(adjustments).where(where).orderBy(queueOrder(status === 'pending', adjustments.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(adjustments).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id, userId: r.userId, amount: r.amount, reason: r.reason, status: r.status as AdjustmentItem['status'],
      requested_by: r.requestedBy, resolved_by: r.resolvedBy, created_at: wireTime(r.createdAt),
    })),
    total: counted!.total,
  };
}

async function adjustmentById(tx: Tx, id: number): Promise<Row> {
  const [row] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).limit(1);
  return row ?? refuse('request_not_found');
}
