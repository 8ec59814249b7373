import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queueOrder } from '../platform/store/queue-order';
import { DRAW_TYPE, type WithdrawStatus } from '../../contract/funds';
import { dec, money6, roundDownTo, roundTo } from '../../domain/decimal';
import { withdrawFee, withdrawReceived } from '../../domain/withdraw';
import { Refusal, refuse } from '../platform/http/refusal';
import { rowsOf, type Db, type Tx } from '../platform/store/open';
import { isViolation } from '../platform/store/violations';
import * as ledger from '../ledger/ledger';
import { isValidAddress } from './addresses';
import { currencyById } from './channels';
import { methodOf } from './payout-methods';
import { withdrawals, type WithdrawalRow } from './schema';

export interface WithdrawRequest {
  userId: number;
  lang: string;
  currencyId: number;
  methodId: number;
  amount: number;
  memo?: string;
  requestId?: string;
  /** The four-eyes threshold as the request is made. */
  fourEyesThreshold: number;
}

/** Below the largest amount a money column holds (numeric(20, 6)). */
const MAX_STORED_AMOUNT = 1e13;

/**
 * What an account's open trades keep back from a withdrawal: their open loss (zero or less; their
 * margin is already out of available), and whether margin of positions or pending orders is held.
 */
export type OpenTrades = (userId: number) => Promise<{ openLoss: string; marginHeld: boolean }>;

/**
 * A withdrawal request holds the amount (available -> frozen) in the same transaction, after the
 * server recomputes the fee and what arrives, and checks the free balance, the currency's minimum
 * and that the payout method is the trader's.
 */
export async function requestWithdrawal(db: Db, open: OpenTrades, input: WithdrawRequest): Promise<{ row: WithdrawalRow; repeated: boolean }> {
  const first = await firstOf(db, input);
  if (first) return { row: first, repeated: true };
  try {
    return { row: await holdNew(db, open, input), repeated: false };
  } catch (error) {
    // Sent twice at once: the other one took the request id first, and holds the money once.
    const taken = isViolation(error, 'unique') ? await firstOf(db, input) : undefined;
    if (taken) return { row: taken, repeated: true };
    throw error;
  }
}

/** The withdrawal already made with this request id; refused when the id came with another request. */
async function firstOf(db: Db, input: WithdrawRequest): Promise<WithdrawalRow | undefined> {
  if (!input.requestId) return undefined;
  const [row] = await db.select().from(withdrawals).where(and(eq(withdrawals.userId, input.userId), eq(withdrawals.requestId, input.requestId))).limit(1);
  if (!row) return undefined;
  const same = row.currencyId === input.currencyId && row.methodId === input.methodId && dec(row.amount).eq(roundTo(input.amount, 2)) && row.memo === (input.memo || null);
  return same ? row : refuse('withdraw_request_id_reused');
}

async function holdNew(db: Db, open: OpenTrades, input: WithdrawRequest): Promise<WithdrawalRow> {
  const currency = await currencyById(db, input.currencyId);
  if (!currency) refuse('withdraw_currency_unknown');
  const method = await methodOf(db, input.userId, input.methodId);
  if (!method || method.currencyId !== currency!.id || method.type !== currency!.type) refuse('payout_method_unknown');
  // Checked again now, on the network the currency names today.
  if (method!.type === DRAW_TYPE.address && !isValidAddress(currency!.protocol, method!.dcAddress ?? '')) refuse('address_invalid', { network: currency!.protocol });
  const amount = roundTo(input.amount, 2);
  if (!amount.gt(0) || amount.lt(currency!.minAmount)) refuse('withdraw_below_min', { min: Number(currency!.minAmount) });
  const figures = { amount, feeType: currency!.feeType, drawRate: currency!.drawRate, usdPrice: currency!.usdPrice };
  const fee = withdrawFee(figures);
  const received = withdrawReceived(figures);
  // What arrives must fit its column (20 digits, 6 after the point) whatever rate staff set.
  if (received.gte(MAX_STORED_AMOUNT)) refuse('field_out_of_range', { field: 'number' });
  if (!received.gt(0)) refuse('withdraw_fee_exceeds');
  const { openLoss, marginHeld } = await open(input.userId);

  return ledger.transaction(db, async (tx) => {
    // Available is read under the wallet's lock: requests sent at once each see the others' holds.
    const freeNow = dec(await ledger.lockAvailable(tx, input.userId)).plus(openLoss);
    // The most that can be asked, to the cent: rounded down, or the figure named would be refused too.
    // Margin is named as the reason only when some is held (else another withdrawal holds the money).
    const most = { free: { amount: roundDownTo(freeNow.lt(0) ? 0 : freeNow, 2).toFixed(2), dp: 2 } };
    if (amount.gt(freeNow)) refuse(marginHeld ? 'withdraw_above_free' : 'withdraw_above_available', most);
    // The request's id first, so that its hold can name it.
    const id = rowsOf<{ id: number }>(await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('withdrawals', 'id'))::int AS id`))[0]!.id;
    const holdId = await ledger.hold(tx, input.userId, money6(amount), `withdrawal:${id}`);
    const [row] = await tx.insert(withdrawals).values({
      id, userId: input.userId, currencyId: currency!.id, methodId: method!.id, type: currency!.type,
      amount: money6(amount), fee: money6(fee), received: money6(received), holdId, memo: input.memo || null, lang: input.lang,
      requestId: input.requestId ?? null, twoApprovals: amount.gte(input.fourEyesThreshold),
    }).returning();
    return row!;
  });
}

export async function withdrawalHistory(db: Db, userId: number, type: number, page: number, limit: number) {
  const where = and(eq(withdrawals.userId, userId), eq(withdrawals.type, type));
  const [rows, [counted]] = await Promise.all([
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: counted!.total };
}

/** Withdrawals waiting for staff: new ones, and those waiting for their second approval. */
export async function pendingWithdrawals(db: Db): Promise<{ waiting: number; approved: number }> {
  const rows = await db.select({ status: withdrawals.status, total: count() }).from(withdrawals)
    .where(inArray(withdrawals.status, ['waiting', 'approved'])).groupBy(withdrawals.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.total ?? 0;
  return { waiting: of('waiting'), approved: of('approved') };
}

/** A page of one status, the open oldest first and the decided newest first; of one trader when `userId` is given. */
export async function withdrawalQueue(db: Db, status: WithdrawStatus, page: number, limit: number, userId?: number) {
  const where = and(eq(withdrawals.status, status), userId === undefined ? undefined : eq(withdrawals.userId, userId));
  const [rows, [counted]] = await Promise.all([
    db.select().from(withdrawals).where(where).orderBy(queueOrder(status === 'waiting' || status === 'approved', withdrawals.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: counted!.total };
}

/** The trader takes a waiting request back: the hold is voided, once. */
export async function cancelWithdrawal(tx: Tx, userId: number, id: number): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set({ status: 'cancelled', resolvedAt: new Date() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId), eq(withdrawals.status, 'waiting')))
    .returning();
  if (!row) {
    // None of the trader's own by that id (another's is none of theirs either), or one decided already.
    const [own] = await tx.select({ status: withdrawals.status }).from(withdrawals).where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
    refuse(!own ? 'request_not_found' : own.status === 'approved' ? 'withdraw_cancel_approved' : 'request_resolved');
  }
  await resolved(ledger.voidHold(tx, row!.holdId));
  return row!;
}

export interface Change { before: WithdrawalRow; after: WithdrawalRow }

/**
 * Whether paying takes two staff members: it did when asked, it does at today's threshold, and it
 * always does once a first approval is given. A threshold raised after the request never lifts it.
 */
export const needsTwoApprovals = (row: Pick<WithdrawalRow, 'amount' | 'status' | 'twoApprovals'>, threshold: number): boolean =>
  row.status === 'approved' || row.twoApprovals || dec(row.amount).gte(threshold);

/** Why staff cannot decide a request any more: the trader took it back, or it was decided. */
const settledKey = (row: Pick<WithdrawalRow, 'status'>) => (row.status === 'cancelled' ? 'request_cancelled' : 'request_resolved');

/**
 * Staff pay a request. Below the four-eyes threshold one approval pays it; at or above, the first
 * approval marks it approved and a second staff member (not the first) pays it. Each step is one
 * conditional update, so racing approvals cannot pay twice. Only the approval that pays needs the
 * payment's transaction hash.
 */
export async function payWithdrawal(tx: Tx, id: number, staffId: number, txid: string | undefined, threshold: number): Promise<Change> {
  const before = await withdrawalById(tx, id);
  if (before.status !== 'waiting' && before.status !== 'approved') refuse(settledKey(before));
  const needsTwo = needsTwoApprovals(before, threshold);
  if (needsTwo && before.status === 'waiting') {
    const [after] = await tx.update(withdrawals).set({ status: 'approved', firstApprover: staffId })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'waiting'))).returning();
    return { before, after: after ?? refuse('request_resolved') };
  }
  if (needsTwo && before.firstApprover === staffId) refuse('second_approver_needed');
  // Said as data too: a reviewer whose row was read before the first approval gets the hash's field.
  if (!txid) throw new Refusal('withdraw_txid_required', {}, { approve_note: 'required' });
  const [after] = await tx.update(withdrawals)
    .set({ status: 'paid', txid, resolvedBy: staffId, resolvedAt: new Date() })
    .where(and(
      eq(withdrawals.id, id),
      needsTwo ? and(eq(withdrawals.status, 'approved'), ne(withdrawals.firstApprover, staffId)) : eq(withdrawals.status, 'waiting'),
    ))
    .returning();
  if (!after) refuse('request_resolved');
  await resolved(ledger.postHold(tx, after!.holdId));
  return { before, after: after! };
}

/** Staff reject a waiting or half-approved request with a reason: the money returns to available. */
export async function rejectWithdrawal(tx: Tx, id: number, staffId: number, reason: string): Promise<Change> {
  const before = await withdrawalById(tx, id);
  const [after] = await tx.update(withdrawals)
    .set({ status: 'rejected', reason, resolvedBy: staffId, resolvedAt: new Date() })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, ['waiting', 'approved'])))
    .returning();
  if (!after) refuse(settledKey(before));
  await resolved(ledger.voidHold(tx, after!.holdId));
  return { before, after: after! };
}

async function withdrawalById(db: Db | Tx, id: number): Promise<WithdrawalRow> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row ?? refuse('request_not_found');
}

/** The request's status already guards its hold: a hold found resolved means the books disagree. */
async function resolved(resolution: Promise<boolean>): Promise<void> {
  if (!(await resolution)) throw new Error('withdrawal hold was already resolved');
}

