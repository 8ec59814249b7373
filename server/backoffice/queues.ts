import type { AdjustmentItem, DepositItem, IdentityItem, WithdrawalItem } from '../../contract/backoffice';
import type { WithdrawStatus } from '../../contract/funds';
import { money6 } from '../../domain/decimal';
import { tradersOf } from '../accounts/accounts';
import * as funds from '../funds/funds';
import { identityOf, identityQueue, verifiedElsewhere } from '../identity/identity';
import * as ledger from '../ledger/ledger';
import { wireTime } from '../market/market';
import type { Db } from '../platform/store/open';
import { closedTradeTotals } from '../trading/trading';
import type { Uploads } from '../uploads/uploads';
import { staffEmails } from './staff';
import { adjustmentPage } from './adjustments';

/** What the engine knows of an account that the books do not: margin in use. */
export type MarginInUse = (userId: number) => Promise<string>;

/** A decision: when, and the staff member's id (null when the trader withdrew the request). */
type Decided = { at: Date | null; by: number | null };

/** How long a request waited: until now while open, until its decision once decided. */
function waited(createdAt: Date, decided: Decided, now: number, emailOf: (id: number | null) => string | null) {
  const end = decided.at?.getTime() ?? now;
  return {
    created_at: wireTime(createdAt),
    waited_seconds: Math.max(0, Math.floor((end - createdAt.getTime()) / 1000)),
    decided_at: decided.at ? wireTime(decided.at) : null,
    decided_by: emailOf(decided.by),
  };
}

/** The trader beside each request: who, identity, net paid in (adjustments count), free balance, margin in use and trades closed. */
async function traderFacts(db: Db, userIds: number[], marginInUse: MarginInUse) {
  const [traders, paidIn, wallets, identities, margins, trades] = await Promise.all([
    tradersOf(db, userIds),
    ledger.netPaidIn(db, userIds),
    Promise.all(userIds.map(async (id) => [id, await ledger.walletOf(db, id)] as const)).then((pairs) => new Map(pairs)),
    Promise.all(userIds.map(async (id) => [id, await identityOf(db, id)] as const)).then((pairs) => new Map(pairs)),
    Promise.all(userIds.map(async (id) => [id, await marginInUse(id)] as const)).then((pairs) => new Map(pairs)),
    closedTradeTotals(db, userIds),
  ]);
  return (userId: number) => ({
    user_id: userId,
    uid: traders.get(userId)?.uid ?? '',
    email: traders.get(userId)?.email ?? null,
    identity: identities.get(userId)?.reviewStatus ?? 0,
    net_deposits: money6(paidIn.get(userId) ?? 0),
    available: wallets.get(userId)?.available ?? '0',
    margin_in_use: margins.get(userId) ?? '0',
    closed_trades: trades.get(userId)?.trades ?? 0,
  });
}

export async function depositItems(db: Db, uploads: Uploads, marginInUse: MarginInUse, status: number, page: number, limit: number, userId?: number) {
  const { rows, total } = await funds.depositQueue(db, status, page, limit, userId);
  const [facts, names, proofs, emails, sameProof] = await Promise.all([
    traderFacts(db, rows.map((r) => r.userId), marginInUse),
    funds.channelNames(db, rows.map((r) => r.channel)),
    uploads.links(db, rows.map((r) => r.proofUpload)),
    staffEmails(db, rows.map((r) => r.reviewedBy)),
    depositsWithSameProof(db, uploads, rows),
  ]);
  const now = Date.now();
  const data: DepositItem[] = rows.map((r) => ({
    ...facts(r.userId), lang: r.lang, id: r.id, amount: r.amount, channel: r.channel, channel_name: names.get(r.channel) ?? r.channel,
    currency_code: r.currencyCode, reference: r.reference, proof_url: proofs.get(r.proofUpload) ?? '', status: r.status as DepositItem['status'],
    remark: r.remark, same_proof: sameProof.get(r.id) ?? [], ...waited(r.createdAt, { at: r.reviewedAt, by: r.reviewedBy }, now, emails),
  }));
  return { data, total };
}

/**
 * For each deposit, the other deposits (waiting or credited, anyone's) whose proof is the same
 * picture: one transfer shown twice would be credited twice.
 */
async function depositsWithSameProof(db: Db, uploads: Uploads, rows: { id: number; proofUpload: number }[]): Promise<Map<number, number[]>> {
  const twins = await uploads.samePictures(db, rows.map((r) => r.proofUpload));
  const claims = await funds.depositsClaiming(db, [...new Set([...twins.values(), rows.map((r) => r.proofUpload)].flat())]);
  return new Map(rows.map((r) => {
    const proofs = new Set([r.proofUpload, ...(twins.get(r.proofUpload) ?? [])]);
    return [r.id, claims.filter((c) => c.id !== r.id && proofs.has(c.proofUpload)).map((c) => c.id).sort((a, b) => a - b)];
  }));
}

export async function withdrawalItems(db: Db, marginInUse: MarginInUse, threshold: number, status: WithdrawStatus, page: number, limit: number, userId?: number) {
  const { rows, total } = await funds.withdrawalQueue(db, status, page, limit, userId);
  const [facts, currencies, methods, emails] = await Promise.all([
    traderFacts(db, rows.map((r) => r.userId), marginInUse),
    funds.currenciesById(db, rows.map((r) => r.currencyId)),
    funds.methodsById(db, rows.map((r) => r.methodId)),
    staffEmails(db, rows.flatMap((r) => [r.resolvedBy, r.firstApprover])),
  ]);
  const now = Date.now();
  const data: WithdrawalItem[] = rows.map((r) => {
    const currency = currencies.get(r.currencyId);
    const m = methods.get(r.methodId);
    const destination = m?.dcAddress ? [m.dcAddress] : [m?.bankName, m?.bankSwift, m?.payeeName, m?.payeeAccount].filter((part): part is string => !!part);
    return {
      ...facts(r.userId), lang: r.lang, id: r.id, amount: r.amount, fee: r.fee, received: r.received,
      currency: currency ? `${currency.code} ${currency.protocol}` : '', destination, destination_deleted: m?.archivedAt != null, status: r.status as WithdrawStatus,
      first_approver: r.firstApprover, first_approver_email: emails(r.firstApprover),
      needs_two: funds.needsTwoApprovals(r, threshold), txid: r.txid, reason: r.reason, memo: r.memo,
      ...waited(r.createdAt, { at: r.resolvedAt, by: r.resolvedBy }, now, emails),
    };
  });
  return { data, total };
}

export async function identityItems(db: Db, uploads: Uploads, reviewStatus: number, page: number, limit: number, userId?: number) {
  const { rows, total } = await identityQueue(db, reviewStatus, page, limit, userId);
  const [traders, links, twins, samePictures, emails] = await Promise.all([
    tradersOf(db, rows.map((r) => r.userId)),
    uploads.links(db, rows.flatMap((r) => [r.frontUpload, r.backUpload])),
    Promise.all(rows.map((r) => verifiedElsewhere(db, r))),
    Promise.all(rows.map((r) => uploads.samePicture(db, r.frontUpload, r.backUpload))),
    staffEmails(db, rows.map((r) => r.reviewedBy)),
  ]);
  const now = Date.now();
  const data: IdentityItem[] = rows.map((r, i) => ({
    user_id: r.userId, uid: traders.get(r.userId)?.uid ?? '', email: traders.get(r.userId)?.email ?? null, identity: r.reviewStatus, lang: r.lang,
    name: r.name, card_id: r.cardId, front_url: links.get(r.frontUpload) ?? '', back_url: links.get(r.backUpload) ?? '',
    review_status: r.reviewStatus as IdentityItem['review_status'], reason: r.reason, attempts: r.attempts, attempts_left: Math.max(0, r.allowedAttempts - r.attempts), same_id_verified: twins[i]!, same_pictures: samePictures[i]!,
    ...waited(r.submittedAt, { at: r.reviewedAt, by: r.reviewedBy }, now, emails),
  }));
  return { data, total };
}

export async function adjustmentItems(db: Db, marginInUse: MarginInUse, status: string, page: number, limit: number) {
  const { data: rows, total } = await adjustmentPage(db, status, page, limit);
  const facts = await traderFacts(db, rows.map((r) => r.userId), marginInUse);
  const data: AdjustmentItem[] = rows.map(({ userId, ...r }) => ({ ...facts(userId), ...r }));
  return { data, total };
}
