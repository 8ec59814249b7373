import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DRAW_TYPE, MAX_PAYOUT_METHODS } from '../../contract/funds';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { isKnownProtocol, isValidAddress } from './addresses';
import { currencyById } from './channels';
import { payoutMethods, type PayoutMethodRow } from './schema';

export interface BindInput {
  currencyId: number;
  type: number;
  dcAddress?: string;
  bankName?: string;
  bankAddress?: string;
  bankSwift?: string;
  payeeName?: string;
  payeeAccount?: string;
}

/** Serialises one trader's binds (the first key names this lock among the app's advisory locks). */
const lockOf = (userId: number) => sql`SELECT pg_advisory_xact_lock(${7001}, ${userId})`;

const live = (userId: number) => and(eq(payoutMethods.userId, userId), isNull(payoutMethods.archivedAt));

/** The trader's payout methods that are not archived, of one type (and currency, when given). */
export function methodsOf(db: Db, userId: number, type: number, currencyId?: number): Promise<PayoutMethodRow[]> {
  return db.select().from(payoutMethods)
    .where(and(live(userId), eq(payoutMethods.type, type), currencyId === undefined ? undefined : eq(payoutMethods.currencyId, currencyId)))
    .orderBy(asc(payoutMethods.id));
}

/** Binds a payout method: a crypto address must be valid on its currency's own network; at most ten. */
export async function bindMethod(db: Db, userId: number, input: BindInput): Promise<PayoutMethodRow> {
  const currency = await currencyById(db, input.currencyId);
  if (!currency || currency.type !== input.type) refuse('withdraw_currency_unknown');
  // An account number goes into a bank's form as typed: letters of another script (a Cyrillic В in
  // an IBAN) look the same to staff, pass the check for an account already bound, and fail at the bank.
  if (input.type !== DRAW_TYPE.address && /[^\x20-\x7E]/.test(input.payeeAccount ?? '')) refuse('field_invalid', { field: 'payee_account' });
  if (input.type === DRAW_TYPE.address) {
    if (!isKnownProtocol(currency!.protocol)) refuse('address_network_unsupported', { network: currency!.protocol });
    if (!isValidAddress(currency!.protocol, input.dcAddress ?? '')) refuse('address_invalid', { network: currency!.protocol });
  }
  return db.transaction(async (tx) => {
    // One bind at a time per trader, so two at once cannot pass the limit together.
    await tx.execute(lockOf(userId));
    const [{ n }] = (await tx.select({ n: count() }).from(payoutMethods).where(live(userId))) as [{ n: number }];
    if (n >= MAX_PAYOUT_METHODS) refuse('payout_methods_full', { max: MAX_PAYOUT_METHODS });
    const address = input.type === DRAW_TYPE.address;
    // The same destination twice would only crowd the list a withdrawal is chosen from. Letter case
    // does not make another address (a checksummed 0x… or an upper-case bc1…), nor spaces and case
    // another account number or SWIFT code. An account number names the same account when the SWIFT
    // codes agree or one of the two has none (the same IBAN with and without its bank's code).
    const plain = (text: string | undefined) => (text ?? '').replace(/\s+/g, '').toUpperCase();
    const swift = sql`upper(regexp_replace(coalesce(${payoutMethods.bankSwift}, ''), '[[:space:]]+', '', 'g'))`;
    const destination = address
      ? sql`upper(${payoutMethods.dcAddress}) = ${plain(input.dcAddress)}`
      : and(
        sql`upper(regexp_replace(coalesce(${payoutMethods.payeeAccount}, ''), '[[:space:]]+', '', 'g')) = ${plain(input.payeeAccount)}`,
        plain(input.bankSwift) ? sql`${swift} in (${plain(input.bankSwift)}, '')` : undefined,
      );
    const [same] = await tx.select({ id: payoutMethods.id }).from(payoutMethods).where(and(live(userId), eq(payoutMethods.currencyId, currency!.id), destination)).limit(1);
    if (same) refuse('payout_method_exists');
    const [row] = await tx.insert(payoutMethods).values({
      userId, currencyId: currency!.id, type: input.type,
      dcAddress: address ? input.dcAddress! : null,
      bankName: address ? null : input.bankName ?? null,
      bankAddress: address ? null : input.bankAddress ?? null,
      bankSwift: address ? null : input.bankSwift ?? null,
      payeeName: address ? null : input.payeeName ?? null,
      payeeAccount: address ? null : input.payeeAccount ?? null,
    }).returning();
    return row!;
  });
}

/** Archives a method: past withdrawals keep their destination. */
export async function archiveMethod(db: Db, userId: number, id: number): Promise<void> {
  const [row] = await db.update(payoutMethods).set({ archivedAt: new Date() })
    .where(and(eq(payoutMethods.id, id), live(userId)))
    .returning({ id: payoutMethods.id });
  if (!row) refuse('payout_method_unknown');
}

export async function methodOf(db: Db | Tx, userId: number, id: number): Promise<PayoutMethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(and(eq(payoutMethods.id, id), live(userId))).limit(1);
  return row;
}

export async function methodsById(db: Db | Tx, ids: number[]): Promise<Map<number, PayoutMethodRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(payoutMethods).where(inArray(payoutMethods.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
