import { asc, eq } from 'drizzle-orm';
import { USD_PRICE_PLACES } from '../../contract/funds';
import { fixed, money6 } from '../../domain/decimal';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { isKnownProtocol, isValidAddress } from './addresses';
import { bankCoins, depositNetworks, payoutMethods, withdrawCurrencies, withdrawals, wireAccounts } from './schema';

/** Staff's set-up of the ways in and out. A saved row is no longer an example. */
export async function allChannels(db: Db) {
  const [networks, coins, wires, currencies] = await Promise.all([
    db.select().from(depositNetworks).orderBy(asc(depositNetworks.id)),
    db.select().from(bankCoins).orderBy(asc(bankCoins.id)),
    db.select().from(wireAccounts).orderBy(asc(wireAccounts.id)),
    db.select().from(withdrawCurrencies).orderBy(asc(withdrawCurrencies.id)),
  ]);
  return { networks, coins, wires, currencies };
}

export interface Saved<T> { id: number; before: T | null; after: T }

/** Inserts `values`, or updates the row `id` (refused when there is none). */
async function save<T extends { id: number }>(tx: Tx, table: typeof depositNetworks | typeof bankCoins | typeof wireAccounts | typeof withdrawCurrencies, id: number | undefined, values: Record<string, unknown>): Promise<Saved<T>> {
  if (id === undefined) {
    const [after] = (await tx.insert(table).values(values as never).returning()) as unknown as T[];
    return { id: after!.id, before: null, after: after! };
  }
  const [before] = (await tx.select().from(table).where(eq(table.id, id)).limit(1)) as unknown as T[];
  if (!before) refuse('request_not_found');
  const [after] = (await tx.update(table).set(values as never).where(eq(table.id, id)).returning()) as unknown as T[];
  return { id, before: before!, after: after! };
}

export function saveNetwork(tx: Tx, input: { id?: number; currency_code: string; protocol_code: string; address: string; min_amount: number; max_amount: number; active: boolean }) {
  // Our own deposit address must be right on its network: a typo would lose traders' money. A network
  // whose addresses cannot be checked is refused rather than trusted.
  if (!isKnownProtocol(input.protocol_code)) refuse('network_unchecked', { network: input.protocol_code });
  if (!isValidAddress(input.protocol_code, input.address)) refuse('address_invalid', { network: input.protocol_code });
  return save<typeof depositNetworks.$inferSelect>(tx, depositNetworks, input.id, {
    currencyCode: input.currency_code.toUpperCase(), protocolCode: input.protocol_code.toUpperCase(), address: input.address,
    minAmount: money6(input.min_amount), maxAmount: money6(input.max_amount), active: input.active, example: false,
  });
}

export function saveBankCoin(tx: Tx, input: { id?: number; name: string; active: boolean }) {
  return save<typeof bankCoins.$inferSelect>(tx, bankCoins, input.id, { name: input.name, active: input.active });
}

export async function saveWireAccount(tx: Tx, input: {
  id?: number; bank_coin_id: number; bank_name: string; bank_address: string; bank_swift: string; payee_name: string;
  payee_account: string; bank_remark?: string; min_amount: number; max_amount: number; active: boolean;
}) {
  const [coin] = await tx.select({ id: bankCoins.id }).from(bankCoins).where(eq(bankCoins.id, input.bank_coin_id)).limit(1);
  if (!coin) refuse('request_not_found');
  return save<typeof wireAccounts.$inferSelect>(tx, wireAccounts, input.id, {
    bankCoinId: input.bank_coin_id, bankName: input.bank_name, bankAddress: input.bank_address, bankSwift: input.bank_swift,
    payeeName: input.payee_name, payeeAccount: input.payee_account, bankRemark: input.bank_remark || null,
    minAmount: money6(input.min_amount), maxAmount: money6(input.max_amount), active: input.active, example: false,
  });
}

export async function saveCurrency(tx: Tx, input: {
  id?: number; type: 1 | 2; code: string; protocol: string; fee_type: number; draw_rate: number; usd_price: number; min_amount: number; active: boolean;
}) {
  // Fee type 2 takes a share of the amount: at 1 or more, every withdrawal would be refused as arriving empty.
  if (input.fee_type === 2 && input.draw_rate >= 1) refuse('fee_rate_too_high', { rate: input.draw_rate });
  // A payout address must be checked on its network when a trader binds it: a currency on a network
  // that cannot be checked would be offered and could never be bound.
  if (input.type === 1 && !isKnownProtocol(input.protocol)) refuse('network_unchecked', { network: input.protocol });
  // Saved addresses were checked on this network, and past withdrawals name it: another network or
  // kind would send money to an address of the wrong chain and rewrite history. A new currency instead.
  if (input.id !== undefined && (await changesWhatItIs(tx, input.id, input)) && (await currencyInUse(tx, input.id))) refuse('currency_in_use');
  return save<typeof withdrawCurrencies.$inferSelect>(tx, withdrawCurrencies, input.id, {
    type: input.type, code: input.code.toUpperCase(), protocol: input.protocol.toUpperCase(), feeType: input.fee_type,
    drawRate: money6(input.draw_rate), usdPrice: fixed(input.usd_price, USD_PRICE_PLACES), minAmount: money6(input.min_amount), active: input.active, example: false,
  });
}

async function changesWhatItIs(tx: Tx, id: number, input: { type: number; code: string; protocol: string }): Promise<boolean> {
  const [row] = await tx.select().from(withdrawCurrencies).where(eq(withdrawCurrencies.id, id)).limit(1);
  return !!row && (row.type !== input.type || row.code !== input.code.toUpperCase() || row.protocol !== input.protocol.toUpperCase());
}

async function currencyInUse(tx: Tx, id: number): Promise<boolean> {
  const [method] = await tx.select({ id: payoutMethods.id }).from(payoutMethods).where(eq(payoutMethods.currencyId, id)).limit(1);
  if (method) return true;
  const [withdrawal] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.currencyId, id)).limit(1);
  return !!withdrawal;
}
