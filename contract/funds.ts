import { z } from 'zod/mini';
import { clientId } from './client-id';
import { defineCall } from './define';
import { decimal, intEnum, money, pageQuery, paged, positiveInt, requiredText, text } from './fields';

/** Places of `usd_price`: a currency worth many dollars has a small rate (1 USD = 0.0000153846 BTC). */
export const USD_PRICE_PLACES = 12;

/** Withdraw currency list and payout methods: 1 crypto address, 2 bank account. */
export const DRAW_TYPE = { address: 1, bank: 2 } as const;
/** Deposit history tab: 0 coin, 1 bank. */
export const DEPOSIT_TYPE = { coin: 0, bank: 1 } as const;
export const DEPOSIT_STATUS = { unchecked: 0, finished: 1, rejected: 2, invalid: 3 } as const;
/** Ours: a withdrawal waits, is approved by a first staff member (four eyes), then paid, rejected or cancelled. */
export const WITHDRAW_STATUSES = ['waiting', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
/** At most this many payout methods per trader. */
export const MAX_PAYOUT_METHODS = 10;

const time = () => text(32);
/** Free text the server may leave null. */
const note = () => z.nullish(text(1024));
/**
 * What a deposit credits and a withdrawal holds is USD in cents: a third decimal is refused, never
 * rounded unseen (a deposit of 10.123 was credited so and shown as 10.12).
 */
const cents = () => decimal(2).positive();

export const depositNetwork = z.object({
  id: z.int(),
  address: text(256),
  currency_code: text(32),
  protocol_code: text(32),
});
export type DepositNetwork = z.infer<typeof depositNetwork>;

export const bankCoin = z.object({ id: z.int(), name: text(64) });
export type BankCoin = z.infer<typeof bankCoin>;

export const bankAccount = z.object({
  id: z.int(),
  bank_name: text(128),
  bank_address: text(256),
  bank_swift: text(32),
  payee_name: text(128),
  payee_account: text(64),
  bank_remark: note(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const depositRecord = z.object({
  id: z.int(),
  number: money(),
  /** 0 coin, otherwise bank. */
  type: z.int(),
  currency_code: text(32),
  status: intEnum(0, 1, 2, 3),
  created_at: time(),
  /** When staff approved or rejected it (beyond the spec: every status a trader sees carries its time). */
  resolved_at: z.nullish(time()),
  remark: note(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

export const withdrawCurrency = z.object({
  id: z.int(),
  code: text(32),
  protocol: text(32),
  /** A fixed fee when fee_type is 1, otherwise a rate of the amount. */
  draw_rate: money(),
  fee_type: z.int(),
  /** Received amount = (amount - fee) * usd_price; up to USD_PRICE_PLACES places. */
  usd_price: money(),
});
export type WithdrawCurrency = z.infer<typeof withdrawCurrency>;

/** A SWIFT (BIC) code, spaces aside: bank (4 letters), country (2), place (2), and an optional branch (3). */
export const isSwiftCode = (text: string) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/i.test(text.replace(/\s+/g, ''));

/** Where a payout goes: `dc_address` for crypto, the bank fields for a bank account. */
const payoutDestination = {
  dc_address: z.optional(text(256)),
  bank_name: z.optional(text(128)),
  bank_address: z.optional(text(256)),
  bank_swift: z.optional(text(32)),
  payee_name: z.optional(text(128)),
  payee_account: z.optional(text(64)),
};

/** A bound payout method. */
export const withdrawWay = z.object({
  id: z.int(),
  ...payoutDestination,
  draw_currency: z.object({ code: text(32), protocol: text(32) }),
});
export type WithdrawWay = z.infer<typeof withdrawWay>;

export const withdrawRecord = z.object({
  id: z.int(),
  number: money(),
  real_number: money(),
  draw_currency: z.object({ code: text(32) }),
  fee: money(),
  /** Translated by the server. */
  status_name: text(64),
  /** Ours: the status by name, so the client knows a request it may still cancel. */
  status: z.optional(z.enum(WITHDRAW_STATUSES)),
  /** Ours: why staff rejected it. */
  reason: note(),
  /** Ours: the payment's transaction hash, once paid. */
  txid: z.nullish(text(256)),
  created_at: time(),
  /** Ours: when it was paid, rejected or cancelled; null while it waits. */
  resolved_at: z.nullish(time()),
  /** 1 address, otherwise bank. */
  type: z.int(),
  address: z.nullish(text(256)),
  payee_account: z.nullish(text(64)),
  notes: note(),
});
export type WithdrawRecord = z.infer<typeof withdrawRecord>;

/** The transfer's hash or bank reference (ours, optional): one transfer is credited once. Staff type it too. */
export const reference = () => z.pipe(
  z.optional(text(128).check(z.regex(/^[A-Za-z0-9._:/-]*$/, 'must be letters, digits or . _ : / -'))),
  z.transform((v) => v || undefined),
);

/** Where an uploaded proof image lives (the url from image_upload). */
const proofImg = () => requiredText(1024);

export const fundsCalls = {
  depositNetworks: defineCall({
    method: 'GET', path: '/api/quickCharge/info', encoding: 'query', auth: true,
    request: z.object({}), response: z.array(depositNetwork),
  }),
  depositCoin: defineCall({
    method: 'GET', path: '/api/quickCharge/submit', encoding: 'query', auth: true,
    request: z.object({
      number: cents(), proofImg: proofImg(), address: requiredText(256), charge_id: positiveInt(), reference: reference(),
      /** Ours: a repeat of the same request (a lost answer, a second tap) returns the first. */
      request_id: clientId(),
    }),
    response: z.null(),
  }),
  depositWire: defineCall({
    method: 'GET', path: '/api/quickCharge/wire_submit', encoding: 'query', auth: true,
    request: z.object({ number: cents(), proofImg: proofImg(), wire_id: positiveInt(), reference: reference(), request_id: clientId() }),
    response: z.null(),
  }),
  bankAccounts: defineCall({
    method: 'GET', path: '/api/quickCharge/wire_info', encoding: 'query', auth: true,
    request: z.object({ bank_coin: positiveInt() }), response: z.array(bankAccount),
  }),
  bankCoins: defineCall({
    method: 'GET', path: '/api/quickCharge/symbols', encoding: 'query', auth: true,
    request: z.object({}), response: z.array(bankCoin),
  }),
  depositHistory: defineCall({
    method: 'GET', path: '/api/quickCharge/quick_ist', encoding: 'query', auth: true,
    request: z.object({ type: z.optional(intEnum(0, 1)), ...pageQuery }), response: paged(depositRecord),
  }),
  withdrawCurrencies: defineCall({
    method: 'GET', path: '/api/account/draw_symbol_list', encoding: 'query', auth: true,
    request: z.object({ type: intEnum(1, 2) }), response: z.array(withdrawCurrency),
  }),
  /** Freezes the amount (the fee comes out of it) in lock_balance until staff pay or reject it. */
  withdraw: defineCall({
    method: 'POST', path: '/api/account/draw', encoding: 'form', auth: true,
    request: z.object({
      draw_currency_id: positiveInt(),
      number: cents(),
      memo: z.optional(text(255)),
      draw_method_id: positiveInt(),
      request_id: clientId(),
    }),
    response: z.null(),
  }),
  /** Ours: the trader takes back a request that still waits; the amount returns to available. */
  withdrawCancel: defineCall({
    method: 'POST', path: '/api/account/draw_cancel', encoding: 'form', auth: true,
    request: z.object({ id: positiveInt() }), response: z.null(),
  }),
  withdrawHistory: defineCall({
    method: 'GET', path: '/api/account/draw_list', encoding: 'query', auth: true,
    request: z.object({ type: intEnum(1, 2), ...pageQuery }), response: paged(withdrawRecord),
  }),
  /** `draw_id` narrows to one withdraw currency. */
  withdrawWays: defineCall({
    method: 'GET', path: '/api/wallet/get_draw_method', encoding: 'query', auth: true,
    request: z.object({ draw_type: intEnum(1, 2), draw_id: z.optional(positiveInt()) }),
    response: z.array(withdrawWay),
  }),
  bindWithdrawWay: defineCall({
    method: 'POST', path: '/api/wallet/bind_draw_method', encoding: 'form', auth: true,
    request: z
      .object({
        /** The withdraw currency id. */
        draw_id: positiveInt(),
        type: intEnum(1, 2),
        ...payoutDestination,
      })
      .check(z.superRefine((r, ctx) => {
        const needed = r.type === 1 ? (['dc_address'] as const) : (['bank_name', 'payee_name', 'payee_account'] as const);
        for (const key of needed) {
          if (!r[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required' });
        }
        if (r.type === 2 && r.bank_swift && !isSwiftCode(r.bank_swift)) ctx.addIssue({ code: 'custom', path: ['bank_swift'], message: 'is not a SWIFT code' });
      })),
    response: z.null(),
  }),
  unbindWithdrawWay: defineCall({
    method: 'POST', path: '/api/wallet/del_draw_method', encoding: 'form', auth: true,
    request: z.object({ id: positiveInt() }), response: z.null(),
  }),
} as const;
