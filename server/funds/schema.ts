import { bigint, bigserial, boolean, integer, numeric, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/005_funds_identity_backoffice.sql, which is the source of truth. */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 20, scale: 6 });

export const depositNetworks = pgTable('deposit_networks', {
  id: serial('id').primaryKey(),
  currencyCode: text('currency_code').notNull(),
  protocolCode: text('protocol_code').notNull(),
  address: text('address').notNull(),
  minAmount: money('min_amount').notNull().default('10'),
  maxAmount: money('max_amount').notNull().default('1000000'),
  active: boolean('active').notNull().default(true),
  example: boolean('example').notNull().default(false),
});

export const bankCoins = pgTable('bank_coins', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const wireAccounts = pgTable('wire_accounts', {
  id: serial('id').primaryKey(),
  bankCoinId: integer('bank_coin_id').notNull(),
  bankName: text('bank_name').notNull(),
  bankAddress: text('bank_address').notNull(),
  bankSwift: text('bank_swift').notNull(),
  payeeName: text('payee_name').notNull(),
  payeeAccount: text('payee_account').notNull(),
  bankRemark: text('bank_remark'),
  minAmount: money('min_amount').notNull().default('10'),
  maxAmount: money('max_amount').notNull().default('1000000'),
  active: boolean('active').notNull().default(true),
  example: boolean('example').notNull().default(false),
});

export const withdrawCurrencies = pgTable('withdraw_currencies', {
  id: serial('id').primaryKey(),
  type: smallint('type').notNull(),
  code: text('code').notNull(),
  protocol: text('protocol').notNull(),
  feeType: smallint('fee_type').notNull().default(2),
  drawRate: money('draw_rate').notNull().default('0'),
  usdPrice: numeric('usd_price', { precision: 24, scale: 12 }).notNull().default('1'),
  minAmount: money('min_amount').notNull().default('10'),
  active: boolean('active').notNull().default(true),
  example: boolean('example').notNull().default(false),
});
export type WithdrawCurrencyRow = typeof withdrawCurrencies.$inferSelect;

export const payoutMethods = pgTable('payout_methods', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  currencyId: integer('currency_id').notNull(),
  type: smallint('type').notNull(),
  dcAddress: text('dc_address'),
  bankName: text('bank_name'),
  bankAddress: text('bank_address'),
  bankSwift: text('bank_swift'),
  payeeName: text('payee_name'),
  payeeAccount: text('payee_account'),
  archivedAt: at('archived_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

export const deposits = pgTable('deposits', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  type: smallint('type').notNull(),
  channel: text('channel').notNull(),
  currencyCode: text('currency_code').notNull(),
  amount: money('amount').notNull(),
  reference: text('reference'),
  /** What the reference is unique by (migration 023): see `referenceKey`. */
  referenceKey: text('reference_key'),
  proofUpload: bigint('proof_upload', { mode: 'number' }).notNull(),
  status: smallint('status').notNull().default(0),
  remark: text('remark'),
  /** The trader's language when asking, for the emails about it. */
  lang: text('lang').notNull().default('en'),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: at('reviewed_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  /** The client's id of the request: a repeat returns the first (migration 022). */
  requestId: text('request_id'),
});
export type DepositRow = typeof deposits.$inferSelect;

export const withdrawals = pgTable('withdrawals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  currencyId: integer('currency_id').notNull(),
  methodId: integer('method_id').notNull(),
  type: smallint('type').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  received: money('received').notNull(),
  holdId: bigint('hold_id', { mode: 'number' }).notNull(),
  memo: text('memo'),
  lang: text('lang').notNull().default('en'),
  status: text('status').notNull().default('waiting'),
  /** Two staff members must pay it: it was at or above the four-eyes threshold when asked (migrations/018). */
  twoApprovals: boolean('two_approvals').notNull().default(false),
  firstApprover: integer('first_approver'),
  txid: text('txid'),
  reason: text('reason'),
  resolvedBy: integer('resolved_by'),
  resolvedAt: at('resolved_at'),
  /** The client's id for this request: sent again, it returns this row (unique per trader). */
  requestId: text('request_id'),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type WithdrawalRow = typeof withdrawals.$inferSelect;
