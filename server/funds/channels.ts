import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/store/open';
import { bankCoins, depositNetworks, withdrawCurrencies, wireAccounts } from './schema';

/** The ways in and out that staff set up; traders see only the active ones. */
export const activeNetworks = (db: Db) =>
  db.select().from(depositNetworks).where(eq(depositNetworks.active, true)).orderBy(asc(depositNetworks.id));

export const activeBankCoins = (db: Db) =>
  db.select().from(bankCoins).where(eq(bankCoins.active, true)).orderBy(asc(bankCoins.id));

/** A bank account takes transfers while it and its currency are both switched on. */
const wireOpen = and(eq(wireAccounts.active, true), eq(bankCoins.active, true));

export const activeWireAccounts = async (db: Db, bankCoinId: number) =>
  (await db.select({ account: wireAccounts }).from(wireAccounts).innerJoin(bankCoins, eq(bankCoins.id, wireAccounts.bankCoinId))
    .where(and(eq(wireAccounts.bankCoinId, bankCoinId), wireOpen))
    .orderBy(asc(wireAccounts.id))).map((r) => r.account);

export const activeCurrencies = (db: Db, type: number) =>
  db.select().from(withdrawCurrencies)
    .where(and(eq(withdrawCurrencies.type, type), eq(withdrawCurrencies.active, true)))
    .orderBy(asc(withdrawCurrencies.id));

export async function networkById(db: Db | Tx, id: number) {
  const [row] = await db.select().from(depositNetworks).where(and(eq(depositNetworks.id, id), eq(depositNetworks.active, true))).limit(1);
  return row;
}

/** An open bank account with the currency transferred to it (`currencyCode`, the bank coin's name). */
export async function wireAccountById(db: Db | Tx, id: number) {
  const [row] = await db.select({ account: wireAccounts, currencyCode: bankCoins.name }).from(wireAccounts)
    .innerJoin(bankCoins, eq(bankCoins.id, wireAccounts.bankCoinId))
    .where(and(eq(wireAccounts.id, id), wireOpen)).limit(1);
  return row && { ...row.account, currencyCode: row.currencyCode };
}

export async function currencyById(db: Db | Tx, id: number) {
  const [row] = await db.select().from(withdrawCurrencies).where(and(eq(withdrawCurrencies.id, id), eq(withdrawCurrencies.active, true))).limit(1);
  return row;
}

/** A fresh install's examples, one of each, marked so staff know to replace them. */
export async function seedFundsExamples(db: Db): Promise<void> {
  const [existing] = await db.select({ id: depositNetworks.id }).from(depositNetworks).limit(1);
  if (existing) return;
  await db.insert(depositNetworks).values({
    currencyCode: 'USDT', protocolCode: 'TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', example: true,
  });
  const [coin] = await db.insert(bankCoins).values({ name: 'USD' }).returning({ id: bankCoins.id });
  await db.insert(wireAccounts).values({
    bankCoinId: coin!.id, bankName: 'Example Bank (replace me)', bankAddress: '1 Example Street, London',
    bankSwift: 'EXAMGB2L', payeeName: 'TradeDesk Ltd', payeeAccount: 'GB33BUKB20201555555555',
    bankRemark: 'Put your user id in the transfer reference.', example: true,
  });
  await db.insert(withdrawCurrencies).values([
    { type: 1, code: 'USDT', protocol: 'TRC20', feeType: 1, drawRate: '1', usdPrice: '1', minAmount: '10', example: true },
    { type: 2, code: 'USD', protocol: 'WIRE', feeType: 2, drawRate: '0.01', usdPrice: '1', minAmount: '50', example: true },
  ]);
}

/** Currencies by id, archived or not (a past withdrawal keeps its currency). */
export async function currenciesById(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof withdrawCurrencies.$inferSelect>();
  const rows = await db.select().from(withdrawCurrencies).where(inArray(withdrawCurrencies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Readable names of deposit channels (`coin:<network id>`, `wire:<bank account id>`), for staff. */
export async function channelNames(db: Db | Tx, channels: string[]): Promise<Map<string, string>> {
  const ids = (prefix: string) => [...new Set(channels.filter((c) => c.startsWith(prefix)).map((c) => Number(c.slice(prefix.length))))];
  const [networks, wires] = await Promise.all([
    ids('coin:').length ? db.select().from(depositNetworks).where(inArray(depositNetworks.id, ids('coin:'))) : [],
    ids('wire:').length ? db.select().from(wireAccounts).where(inArray(wireAccounts.id, ids('wire:'))) : [],
  ]);
  return new Map([
    ...networks.map((n) => [`coin:${n.id}`, `${n.currencyCode} ${n.protocolCode} ${n.address}`] as const),
    ...wires.map((w) => [`wire:${w.id}`, `${w.bankName} ${w.payeeAccount}`] as const),
  ]);
}
