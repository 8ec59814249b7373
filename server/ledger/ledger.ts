import { and, desc, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AccountLogKind } from '../../contract/trading';
import { dec, money6 } from '../../domain/decimal';
import { refuse } from '../platform/http/refusal';
import { rowsOf, type Db, type Tx } from '../platform/store/open';
import { isViolation } from '../platform/store/violations';
import { holds, ledger, wallets, type LedgerRow } from './schema';

/**
 * The one door of money: the only module that writes wallet balances and ledger rows. Each account
 * has two amounts, available (`balance`) and frozen (`lock_balance`); every change is one ledger row
 * written in the caller's transaction, and for every account balance = sum(amount) and
 * lock_balance = sum(frozen). After a commit its listeners (the trading engine) hear the new amounts.
 */

/** What moved the money: the kinds the trader's account records show (a hold is a `withdraw`). */
export type LedgerKind = AccountLogKind;

/** One change of one account: `amount` moves available, `frozen` moves frozen (both signed). */
export interface Entry {
  userId: number;
  kind: LedgerKind;
  amount: string;
  frozen?: string;
  ref?: string | null;
}

export interface WalletAmounts {
  userId: number;
  available: string;
  frozen: string;
  /** Id of the account's newest ledger row: a later change has a higher one. */
  seq: number;
  /** Committed by another node of a cluster (heard over the bus); that node made its pushes. */
  remote?: boolean;
}

type Listener = (change: WalletAmounts) => void;
const listeners = new Set<Listener>();
/** Changes made inside each open ledger transaction, told to the listeners once it commits. */
const pending = new WeakMap<object, Map<number, WalletAmounts>>();

/** Hear every committed change of an account's amounts. */
export function onWalletChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A change another node committed: its listeners here (the engine, if it runs here) hear it too. */
export function heardWalletChange(change: WalletAmounts): void {
  for (const listener of listeners) listener({ ...change, remote: true });
}

/**
 * A transaction in which money may move: `post`, `hold`, `postHold` and `voidHold` only work inside
 * one, so that no change escapes the after-commit notice.
 */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const changes = new Map<number, WalletAmounts>();
  const result = await db.transaction(async (tx) => {
    pending.set(tx, changes);
    return work(tx);
  });
  for (const change of changes.values()) for (const listener of listeners) listener(change);
  return result;
}

function changesOf(tx: Tx): Map<number, WalletAmounts> {
  return pending.get(tx) ?? (() => { throw new Error('money moves only inside ledger.transaction'); })();
}

/** Opens the account's wallet at 0, or at `starting` with one ledger row. */
export async function openWallet(tx: Tx, userId: number, starting?: { amount: string; kind: LedgerKind }): Promise<void> {
  await tx.insert(wallets).values({ userId });
  if (starting && dec(starting.amount).gt(0)) await post(tx, [{ userId, kind: starting.kind, amount: starting.amount }]);
}

/**
 * Books the entries of one account, in order, each as one ledger row with the available amount
 * after it, and moves the wallet once. A change that would leave an amount below zero is refused
 * (and the transaction rolls back).
 */
export async function post(tx: Tx, entries: Entry[]): Promise<WalletAmounts> {
  const userId = entries[0]?.userId;
  if (userId === undefined || entries.some((e) => e.userId !== userId)) throw new Error('post: entries of one account');
  return (await postMany(tx, entries)).get(userId)!;
}

/**
 * Books the entries of many accounts at once: one statement moves every wallet, one writes every
 * row (what lets many orders share one commit). Each account's entries keep their order.
 */
export async function postMany(tx: Tx, entries: Entry[]): Promise<Map<number, WalletAmounts>> {
  const byUser = new Map<number, Entry[]>();
  for (const e of entries) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  const totals = [...byUser].map(([userId, own]) => ({
    userId,
    amount: money6(own.reduce((s, e) => s.plus(dec(e.amount)), dec(0))),
    frozen: money6(own.reduce((s, e) => s.plus(dec(e.frozen ?? 0)), dec(0))),
  }));
  const moved = await tx.execute(sql`
    UPDATE wallets SET balance = wallets.balance + v.amount, lock_balance = wallets.lock_balance + v.frozen
    FROM (VALUES ${sql.join(totals.map((t) => sql`(${t.userId}::int, ${t.amount}::numeric, ${t.frozen}::numeric)`), sql`, `)}) AS v(user_id, amount, frozen)
    WHERE wallets.user_id = v.user_id
    RETURNING wallets.user_id AS "userId", wallets.balance::text AS balance, wallets.lock_balance::text AS "lockBalance"`)
    .catch((error: unknown) => (isViolation(error, 'check') ? refuse('insufficient_balance') : Promise.reject(error)));
  const after = new Map(rowsOf<{ userId: number; balance: string; lockBalance: string }>(moved).map((r) => [r.userId, r]));
  const rows: (typeof ledger.$inferInsert)[] = [];
  for (const { userId, amount } of totals) {
    const row = after.get(userId);
    if (!row) throw new Error(`user ${userId} has no wallet`);
    let available = dec(row.balance).minus(amount);
    for (const e of byUser.get(userId)!) {
      available = available.plus(dec(e.amount));
      rows.push({ userId, kind: e.kind, amount: money6(e.amount), frozen: money6(e.frozen ?? 0), balanceAfter: money6(available), ref: e.ref ?? null });
    }
  }
  const inserted = await tx.insert(ledger).values(rows).returning({ id: ledger.id, userId: ledger.userId });
  const result = new Map<number, WalletAmounts>();
  for (const { userId } of totals) {
    const row = after.get(userId)!;
    const seq = Math.max(...inserted.filter((r) => r.userId === userId).map((r) => r.id));
    const amounts = { userId, available: dec(row.balance).toFixed(6), frozen: dec(row.lockBalance).toFixed(6), seq };
    changesOf(tx).set(userId, amounts);
    result.set(userId, amounts);
  }
  return result;
}

/**
 * The whole of a batch in one statement, hence one round trip and one commit: the caller's CTEs
 * (`prelude`, ending in one named `entries` with user_id, kind, amount, ref, seq) say what moves;
 * the ledger moves every wallet and writes every row in the same statement, and tells its
 * listeners once it has committed. `answer` is the caller's SELECT over its own CTEs; the wallets
 * after the change come beside it. A wallet that would fall below zero fails the whole statement.
 */
export async function postInOneStatement<T>(db: Db, prelude: SQL, answer: SQL): Promise<{ answer: T; wallets: WalletAmounts[] }> {
  const result = await db.execute(sql`
    WITH ${prelude},
    ledger_totals AS (SELECT user_id, sum(amount) AS amount FROM entries GROUP BY user_id),
    ledger_moved AS (
      UPDATE wallets SET balance = wallets.balance + t.amount FROM ledger_totals t WHERE wallets.user_id = t.user_id
      RETURNING wallets.user_id, wallets.balance, wallets.lock_balance, t.amount),
    ledger_rows AS (
      INSERT INTO ledger (user_id, kind, amount, frozen, balance_after, ref)
      SELECT e.user_id, e.kind, e.amount, 0, m.balance - m.amount + sum(e.amount) OVER (PARTITION BY e.user_id ORDER BY e.seq), e.ref
      FROM entries e JOIN ledger_moved m ON m.user_id = e.user_id
      RETURNING id, user_id)
    SELECT (${answer}) AS answer,
      (SELECT coalesce(json_agg(json_build_object('userId', m.user_id, 'available', m.balance::text, 'frozen', m.lock_balance::text,
        'seq', (SELECT max(r.id) FROM ledger_rows r WHERE r.user_id = m.user_id))), '[]') FROM ledger_moved m) AS wallets`)
    .catch((error: unknown) => (isViolation(error, 'check') ? refuse('insufficient_balance') : Promise.reject(error)));
  const [row] = rowsOf<{ answer: T | string; wallets: WalletAmounts[] | string }>(result);
  const parse = <V>(value: V | string): V => (typeof value === 'string' ? (JSON.parse(value) as V) : value);
  const wallets = parse(row!.wallets).map((w) => ({ ...w, available: dec(w.available).toFixed(6), frozen: dec(w.frozen).toFixed(6), seq: Number(w.seq) }));
  for (const change of wallets) for (const listener of listeners) listener(change);
  return { answer: parse(row!.answer), wallets };
}

/** Sets `amount` aside (available -> frozen) for `ref`; answers the hold's id. */
export async function hold(tx: Tx, userId: number, amount: string, ref: string): Promise<number> {
  if (!dec(amount).gt(0)) throw new Error('hold: amount must be positive');
  const [created] = await tx.insert(holds).values({ userId, amount: money6(amount), ref }).returning({ id: holds.id });
  await post(tx, [{ userId, kind: 'withdraw', amount: dec(amount).negated().toString(), frozen: amount, ref: `hold:${created!.id}` }]);
  return created!.id;
}

/** Pays a hold out (frozen -> out). False when it was already posted or voided. */
export function postHold(tx: Tx, holdId: number): Promise<boolean> {
  return resolveHold(tx, holdId, 'posted', (amount) => ({ kind: 'withdraw_paid', amount: '0', frozen: `-${amount}` }));
}

/** Gives a hold back (frozen -> available). False when it was already posted or voided. */
export function voidHold(tx: Tx, holdId: number): Promise<boolean> {
  return resolveHold(tx, holdId, 'voided', (amount) => ({ kind: 'withdraw_refund', amount, frozen: `-${amount}` }));
}

async function resolveHold(
  tx: Tx, holdId: number, status: 'posted' | 'voided', entry: (amount: string) => Pick<Entry, 'kind' | 'amount' | 'frozen'>,
): Promise<boolean> {
  // The status check and the change are one statement: two resolutions racing cannot both win.
  const [row] = await tx.update(holds).set({ status, resolvedAt: new Date() })
    .where(and(eq(holds.id, holdId), eq(holds.status, 'held')))
    .returning({ userId: holds.userId, amount: holds.amount });
  if (!row) return false;
  await post(tx, [{ userId: row.userId, ref: `hold:${holdId}`, ...entry(row.amount) }]);
  return true;
}

/** The available amount, locked until the transaction ends (read before deciding a change). */
export async function lockAvailable(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  if (!row) throw new Error(`user ${userId} has no wallet`);
  return row.balance;
}

export async function walletOf(db: Db | Tx, userId: number): Promise<{ available: string; frozen: string } | undefined> {
  const [row] = await db.select({ available: wallets.balance, frozen: wallets.lockBalance }).from(wallets).where(eq(wallets.userId, userId)).limit(1);
  return row;
}

export async function availableOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ userId: wallets.userId, balance: wallets.balance }).from(wallets).where(inArray(wallets.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.balance]));
}

/** Of these accounts, those with a ledger row since `since` (money moved: a trade, a reset, a credit). */
export async function movedSince(db: Db, userIds: number[], since: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ userId: ledger.userId }).from(ledger)
    .where(and(inArray(ledger.userId, userIds), gte(ledger.createdAt, since)));
  return new Set(rows.map((r) => r.userId));
}

/**
 * Money that came in or went out of each account (deposits, adjustments, paid withdrawals; not trades,
 * and not holds, which only move money between available and frozen), split at `from`: the net before
 * it, what came in before it, and what came in and went out since.
 */
export async function cashFlows(db: Db, userIds: number[], from: Date): Promise<Map<number, { netBefore: string; inBefore: string; inSince: string; outSince: string }>> {
  if (userIds.length === 0) return new Map();
  const TRADE_KINDS: LedgerKind[] = ['trade_open', 'trade_fill', 'trade_close', 'trade_cancel'];
  const flow = sql`(${ledger.amount} + ${ledger.frozen})`;
  const before = sql`${ledger.createdAt} < ${from.toISOString()}::timestamptz`;
  const rows = await db.select({
    userId: ledger.userId,
    netBefore: sql<string>`coalesce(sum(${flow}) FILTER (WHERE ${before}), 0)::text`,
    inBefore: sql<string>`coalesce(sum(${flow}) FILTER (WHERE ${before} AND ${flow} > 0), 0)::text`,
    inSince: sql<string>`coalesce(sum(${flow}) FILTER (WHERE NOT ${before} AND ${flow} > 0), 0)::text`,
    outSince: sql<string>`coalesce(-sum(${flow}) FILTER (WHERE NOT ${before} AND ${flow} < 0), 0)::text`,
  }).from(ledger)
    .where(and(inArray(ledger.userId, userIds), notInArray(ledger.kind, TRADE_KINDS)))
    .groupBy(ledger.userId);
  return new Map(rows.map(({ userId, ...sums }) => [userId, sums]));
}

/**
 * Net money paid in per account: deposits and staff adjustments, less withdrawals paid out. (A
 * withdrawal's hold and its refund move money between available and frozen: they sum to nothing.)
 */
export async function netPaidIn(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const KINDS: LedgerKind[] = ['deposit', 'adjust', 'withdraw_paid'];
  const rows = await db.select({ userId: ledger.userId, total: sql<string>`sum(${ledger.amount} + ${ledger.frozen})::text` }).from(ledger)
    .where(and(inArray(ledger.userId, userIds), inArray(ledger.kind, KINDS)))
    .groupBy(ledger.userId);
  return new Map(rows.map((r) => [r.userId, r.total]));
}

/**
 * Removes an account's wallet, ledger and holds, for an account being deleted with its user (an idle
 * demo): the only way money rows ever leave. Call inside the transaction that deletes the user.
 */
export async function forgetAccount(tx: Tx, userId: number): Promise<void> {
  await tx.delete(holds).where(eq(holds.userId, userId));
  await tx.delete(ledger).where(eq(ledger.userId, userId));
  await tx.delete(wallets).where(eq(wallets.userId, userId));
}

/** The account's ledger, newest first. */
export async function history(db: Db, userId: number, page: number, limit: number): Promise<{ rows: LedgerRow[]; total: number }> {
  const mine = eq(ledger.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db.select().from(ledger).where(mine).orderBy(desc(ledger.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(ledger).where(mine),
  ]);
  return { rows, total: counted!.total };
}

/**
 * Accounts whose wallet differs from the sum of their ledger rows (available or frozen): the check
 * that must always answer none.
 */
export async function accountsOffTheirLedger(db: Db): Promise<{ userId: number; available: string; frozen: string; sumAmount: string; sumFrozen: string }[]> {
  const result = await db.execute(sql`
    SELECT w.user_id AS "userId", w.balance::text AS available, w.lock_balance::text AS frozen,
           coalesce(l.amount, 0)::text AS "sumAmount", coalesce(l.frozen, 0)::text AS "sumFrozen"
    FROM wallets w
    LEFT JOIN (SELECT user_id, sum(amount) AS amount, sum(frozen) AS frozen FROM ledger GROUP BY user_id) l ON l.user_id = w.user_id
    WHERE w.balance <> coalesce(l.amount, 0) OR w.lock_balance <> coalesce(l.frozen, 0)`);
  return (result as unknown as { rows: never[] }).rows;
}

