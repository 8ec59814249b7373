import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { queueOrder } from '../platform/store/queue-order';
import { cardKeyOf, REAL_NAME_STATUS, REVIEW_STATUS } from '../../contract/identity';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { sameUpload, type Uploads } from '../uploads/uploads';
import { identityChecks, type IdentityRow } from './schema';

// Identity verification: the trader submits name, ID number and both sides; staff approve or reject.
// Five submissions are allowed (the column's default), and compliance may allow one more.

export interface IdentitySubmission {
  userId: number;
  lang: string;
  name: string;
  cardId: string;
  front: string;
  back: string;
}

export async function isVerified(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db.select({ review: identityChecks.reviewStatus }).from(identityChecks).where(eq(identityChecks.userId, userId)).limit(1);
  return row?.review === REVIEW_STATUS.approved;
}

export async function identityOf(db: Db | Tx, userId: number): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).limit(1);
  return row;
}

/** A first submission, or a new one after a rejection (five in all, and one more for each reopening). */
export async function submitIdentity(db: Db, uploads: Uploads, input: IdentitySubmission): Promise<void> {
  if (sameUpload(input.front, input.back)) refuse('identity_same_image');
  await db.transaction(async (tx) => {
    const existing = await tx.select().from(identityChecks).where(eq(identityChecks.userId, input.userId)).for('update').then((r) => r[0]);
    if (existing && existing.reviewStatus !== REVIEW_STATUS.rejected) refuse('identity_already');
    if (existing && existing.attempts >= existing.allowedAttempts) refuse('identity_attempts', { max: existing.allowedAttempts });
    // Sent again after a rejection, the pictures already on file may be kept.
    const kept = existing ? [existing.frontUpload, existing.backUpload] : [];
    const front = await uploads.attach(tx, input.userId, input.front, 'identity', kept);
    const back = await uploads.attach(tx, input.userId, input.back, 'identity', kept);
    const values = {
      name: input.name, cardId: input.cardId, cardKey: cardKeyOf(input.cardId), frontUpload: front, backUpload: back,
      status: REAL_NAME_STATUS.waiting, reviewStatus: REVIEW_STATUS.pending, reason: null, lang: input.lang,
      submittedAt: new Date(), reviewedAt: null, reviewedBy: null,
    };
    if (existing) await tx.update(identityChecks).set({ ...values, attempts: existing.attempts + 1 }).where(eq(identityChecks.userId, input.userId));
    else await tx.insert(identityChecks).values({ userId: input.userId, ...values });
  });
}

/** Identity checks waiting for staff. */
export async function pendingIdentity(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(identityChecks).where(eq(identityChecks.reviewStatus, REVIEW_STATUS.pending));
  return row!.total;
}

/** A page of one review status, the pending oldest first and the decided newest first; of one trader when `userId` is given. */
export async function identityQueue(db: Db, reviewStatus: number, page: number, limit: number, userId?: number) {
  const where = and(eq(identityChecks.reviewStatus, reviewStatus), userId === undefined ? undefined : eq(identityChecks.userId, userId));
  const [rows, [counted]] = await Promise.all([
    db.select().from(identityChecks).where(where).orderBy(queueOrder(reviewStatus === REVIEW_STATUS.pending, identityChecks.submittedAt)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(identityChecks).where(where),
  ]);
  return { rows, total: counted!.total };
}

/** Other accounts whose identity with the same ID number is already approved: staff are warned. */
export async function verifiedElsewhere(db: Db, row: IdentityRow): Promise<number[]> {
  const rows = await db.select({ userId: identityChecks.userId }).from(identityChecks)
    .where(and(eq(identityChecks.cardKey, row.cardKey), ne(identityChecks.userId, row.userId), eq(identityChecks.reviewStatus, REVIEW_STATUS.approved)));
  return rows.map((r) => r.userId);
}

export interface IdentityChange { before: IdentityRow; after: IdentityRow }

/**
 * Which submission a decision is about: the trader's, and the attempt the reviewer saw when given.
 * A trader rejected and quick to send again has a new submission the reviewer has not seen.
 */
export interface Reviewed { userId: number; attempt?: number }

export function approveIdentity(tx: Tx, reviewed: Reviewed, staffId: number): Promise<IdentityChange> {
  return review(tx, reviewed, { status: REAL_NAME_STATUS.finished, reviewStatus: REVIEW_STATUS.approved, reason: null, reviewedBy: staffId });
}

/** Back to the form, with the reason shown and the answers kept. */
export function rejectIdentity(tx: Tx, reviewed: Reviewed, staffId: number, reason: string): Promise<IdentityChange> {
  return review(tx, reviewed, { status: REAL_NAME_STATUS.none, reviewStatus: REVIEW_STATUS.rejected, reason, reviewedBy: staffId });
}

/**
 * A rejected case that used every submission gets one more: the trader can send new documents,
 * instead of holding money they could never withdraw.
 */
export async function reopenIdentity(tx: Tx, { userId, attempt }: Reviewed): Promise<IdentityChange> {
  const before = (await identityOf(tx, userId)) ?? refuse('request_not_found');
  const [after] = await tx.update(identityChecks).set({ allowedAttempts: sql`${identityChecks.attempts} + 1` })
    .where(and(
      eq(identityChecks.userId, userId), eq(identityChecks.reviewStatus, REVIEW_STATUS.rejected),
      gte(identityChecks.attempts, identityChecks.allowedAttempts),
      attempt === undefined ? undefined : eq(identityChecks.attempts, attempt),
    ))
    .returning();
  if (after) return { before, after };
  if (attempt !== undefined && before!.attempts !== attempt) return refuse('request_changed');
  return refuse(before!.reviewStatus !== REVIEW_STATUS.rejected ? 'identity_not_rejected' : 'identity_attempts_left');
}

async function review(tx: Tx, { userId, attempt }: Reviewed, set: Partial<IdentityRow>): Promise<IdentityChange> {
  const before = (await identityOf(tx, userId)) ?? refuse('request_not_found');
  const [after] = await tx.update(identityChecks).set({ ...set, reviewedAt: new Date() })
    .where(and(
      eq(identityChecks.userId, userId), eq(identityChecks.reviewStatus, REVIEW_STATUS.pending),
      attempt === undefined ? undefined : eq(identityChecks.attempts, attempt),
    ))
    .returning();
  if (after) return { before, after };
  return refuse(attempt !== undefined && before!.attempts !== attempt ? 'request_changed' : 'request_resolved');
}

/** `1234********5678`: staff see it whole, the trader's own screen does not need to. */
export function maskCardId(cardId: string): string {
  return cardId.length <= 6 ? cardId.replace(/./g, '*') : `${cardId.slice(0, 3)}${'*'.repeat(cardId.length - 6)}${cardId.slice(-3)}`;
}
