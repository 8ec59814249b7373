import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { queueOrder } from '../platform/store/queue-order';
import { DEPOSIT_STATUS, DEPOSIT_TYPE } from '../../contract/funds';
import { dec, money6 } from '../../domain/decimal';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { isViolation } from '../platform/store/violations';
import * as ledger from '../ledger/ledger';
import type { Uploads } from '../uploads/uploads';
import { networkById, wireAccountById } from './channels';
import { referenceKey } from './reference-key';
import { deposits, type DepositRow } from './schema';

export interface DepositRequest {
  userId: number;
  lang: string;
  type: number;
  channelId: number;
  amount: number;
  proof: string;
  /** Coin deposits name the address they sent to: it must be the network's. */
  address?: string;
  reference?: string;
  /** The client's id of this request: sent again, it is the same request. */
  requestId?: string;
}

/**
 * Records a deposit request with its proof; no money moves until staff approve it. A request sent
 * again with its request id (its answer lost, a second tap) is the first one: its proof was used by
 * then, and a second record of one transfer could be credited twice.
 */
export async function requestDeposit(db: Db, uploads: Uploads, input: DepositRequest): Promise<void> {
  if (await firstOf(db, input)) return;
  try {
    await recordNew(db, uploads, input);
  } catch (error) {
    // Sent twice at once: the other one took the proof, or the request id, first.
    if (await firstOf(db, input)) return;
    throw error;
  }
}

/** The deposit already asked with this request id; refused when the id came with another request. */
async function firstOf(db: Db, input: DepositRequest): Promise<DepositRow | undefined> {
  if (!input.requestId) return undefined;
  const [row] = await db.select().from(deposits).where(and(eq(deposits.userId, input.userId), eq(deposits.requestId, input.requestId))).limit(1);
  if (!row) return undefined;
  const same = row.type === input.type && row.channel === channelKey(input) && dec(row.amount).eq(input.amount) && row.reference === (input.reference ?? null);
  return same ? row : refuse('deposit_request_id_reused');
}

/** The reference as given and the key it is unique by. */
const referenceOf = (reference: string | null | undefined) => (reference ? { reference, referenceKey: referenceKey(reference) } : { reference: null, referenceKey: null });

const channelKey = (input: Pick<DepositRequest, 'type' | 'channelId'>) => `${input.type === DEPOSIT_TYPE.coin ? 'coin' : 'wire'}:${input.channelId}`;

async function recordNew(db: Db, uploads: Uploads, input: DepositRequest): Promise<void> {
  const channel = input.type === DEPOSIT_TYPE.coin ? await networkById(db, input.channelId) : await wireAccountById(db, input.channelId);
  if (!channel) refuse('deposit_no_channel');
  if (input.type === DEPOSIT_TYPE.coin && (channel as { address: string }).address !== input.address) refuse('deposit_wrong_address');
  const amount = dec(input.amount);
  if (amount.lt(channel!.minAmount) || amount.gt(channel!.maxAmount)) {
    refuse('deposit_out_of_range', { min: Number(channel!.minAmount), max: Number(channel!.maxAmount) });
  }
  // What was sent: the network's coin, or the bank account's currency. The amount is USD either way (spec).
  const { currencyCode } = channel!;
  await db.transaction(async (tx) => {
    const proof = await uploads.attach(tx, input.userId, input.proof, 'deposit');
    await tx.insert(deposits).values({
      userId: input.userId, type: input.type, channel: channelKey(input),
      currencyCode, amount: money6(amount), ...referenceOf(input.reference), proofUpload: proof, lang: input.lang, requestId: input.requestId ?? null,
    }).catch((error: unknown) => (isViolation(error, 'unique') ? refuse('deposit_reference_used') : Promise.reject(error)));
  });
}

export async function depositHistory(db: Db, userId: number, type: number | undefined, page: number, limit: number) {
  const where = and(eq(deposits.userId, userId), type === undefined ? undefined : eq(deposits.type, type));
  const [rows, [counted]] = await Promise.all([
    db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(deposits).where(where),
  ]);
  return { rows, total: counted!.total };
}

/** Deposits waiting for staff. */
export async function pendingDeposits(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(deposits).where(eq(deposits.status, DEPOSIT_STATUS.unchecked));
  return row!.total;
}

/** A page of one status, the waiting oldest first and the decided newest first; of one trader when `userId` is given. */
export async function depositQueue(db: Db, status: number, page: number, limit: number, userId?: number) {
  const where = and(eq(deposits.status, status), userId === undefined ? undefined : eq(deposits.userId, userId));
  const [rows, [counted]] = await Promise.all([
    db.select().from(deposits).where(where).orderBy(queueOrder(status === DEPOSIT_STATUS.unchecked, deposits.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(deposits).where(where),
  ]);
  return { rows, total: counted!.total };
}

/**
 * Credits a waiting deposit, once: the status check and the change are one statement, so two staff
 * approving at the same moment credit it once; the ledger entry is in the same transaction.
 */
export async function approveDeposit(tx: Tx, id: number, staffId: number, reference?: string): Promise<{ before: DepositRow; after: DepositRow }> {
  const before = await depositById(tx, id);
  // Staff name the transfer when the trader did not. Another name would free the trader's, and the
  // same transfer could then be claimed and credited a second time.
  if (reference && before.reference && referenceKey(before.reference) !== referenceKey(reference)) {
    refuse('deposit_reference_differs', { reference: before.reference });
  }
  const [after] = await tx.update(deposits)
    .set({ status: DEPOSIT_STATUS.finished, reviewedBy: staffId, reviewedAt: new Date(), ...referenceOf(before.reference ?? reference) })
    .where(and(eq(deposits.id, id), eq(deposits.status, DEPOSIT_STATUS.unchecked)))
    .returning()
    .catch((error: unknown) => (isViolation(error, 'unique') ? refuse('deposit_reference_used') : Promise.reject(error)));
  if (!after) refuse('request_resolved');
  await ledger.post(tx, [{ userId: after!.userId, kind: 'deposit', amount: after!.amount, ref: `deposit:${id}` }]);
  return { before, after: after! };
}

/** The deposits, waiting or credited, whose proof is one of these uploads: a rejected one claims nothing. */
export async function depositsClaiming(db: Db, proofUploads: number[]): Promise<{ id: number; proofUpload: number }[]> {
  if (proofUploads.length === 0) return [];
  return db.select({ id: deposits.id, proofUpload: deposits.proofUpload }).from(deposits)
    .where(and(inArray(deposits.proofUpload, proofUploads), inArray(deposits.status, [DEPOSIT_STATUS.unchecked, DEPOSIT_STATUS.finished])));
}

export async function rejectDeposit(tx: Tx, id: number, staffId: number, reason: string): Promise<{ before: DepositRow; after: DepositRow }> {
  const before = await depositById(tx, id);
  const [after] = await tx.update(deposits)
    .set({ status: DEPOSIT_STATUS.rejected, remark: reason, reviewedBy: staffId, reviewedAt: new Date() })
    .where(and(eq(deposits.id, id), eq(deposits.status, DEPOSIT_STATUS.unchecked)))
    .returning();
  if (!after) refuse('request_resolved');
  return { before, after: after! };
}

async function depositById(db: Db | Tx, id: number): Promise<DepositRow> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  return row ?? refuse('request_not_found');
}

