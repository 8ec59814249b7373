import { z } from 'zod/mini';
import { clientId } from './client-id';
import { defineCall } from './define';
import { decimal, intEnum, money, pageQuery, positiveInt, text } from './fields';

/** Order list tabs (query `status` of my_deal): 1 holding, 0 pending, 3 history. */
export const ORDER_TAB = { holding: 1, pending: 0, history: 3 } as const;
export const ORDER_STATUS = { pending: 0, open: 1, closing: 2, closed: 3, cancelled: 4 } as const;
/** 0 while the order is not closed. */
/** Why an order ended; `noMargin`: a pending order cancelled as it triggered, the account unable to hold its position. */
export const CLOSED_TYPE = { none: 0, user: 1, stopOut: 2, takeProfit: 3, stopLoss: 4, staff: 5, noMargin: 6 } as const;

/** "YYYY-MM-DD HH:mm:ss", or empty while the moment has not happened. */
export const wireTime = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/, 'must be YYYY-MM-DD HH:mm:ss'));

const productCode = () => text(32).check(z.regex(/^[A-Za-z0-9._/-]*$/, 'must be a product code'));
const price = () => z.number();

export const order = z.object({
  Id: z.int(),
  OrderOn: text(64),
  OrderType: intEnum(1, 2),
  Quantity: z.number().check(z.positive()),
  Price: price(),
  OriginPrice: price(),
  UpdatePrice: price(),
  FactProfits: money(),
  CautionMoney: money(),
  TradeFee: money(),
  /** 0 = not set. */
  TargetLossPrice: z.number().check(z.gte(0)),
  TargetProfitPrice: z.number().check(z.gte(0)),
  Multiple: z.int().check(z.positive()),
  Status: intEnum(0, 1, 2, 3, 4),
  ClosedType: z.optional(intEnum(0, 1, 2, 3, 4, 5, 6)),
  /** A pending order's kind, fixed by its price against the quote when it was placed (beyond WIRE.md). */
  PendingType: z.optional(z.enum(['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'])),
  CreateTimeHandler: wireTime,
  CompleteTimeHandler: z.optional(wireTime),
  ForexTradeLists: z.object({
    Id: z.int(),
    Code: productCode(),
    ShowCode: text(64),
    Logo: z.optional(text(1024)),
    PricePrecision: z.optional(z.int().check(z.gte(0), z.lte(10))),
  }),
});
export type Order = z.infer<typeof order>;

export const orderPage = z.object({
  data: z.array(order),
  total: z.int(),
  all_fact_profits: money(),
  balance: money(),
});
export type OrderPage = z.infer<typeof orderPage>;

/** USD of the trading account: `available` may be spent, `frozen` is held (margin, pending withdrawals). */
export const forexDetail = z.object({ available: money(), frozen: money() });
export type ForexDetail = z.infer<typeof forexDetail>;

/** What moved the balance in one account record. */
export const ACCOUNT_LOG_KINDS = [
  'deposit', 'withdraw', 'withdraw_paid', 'withdraw_refund', 'trade_open', 'trade_fill', 'trade_close', 'trade_cancel', 'demo_credit', 'demo_reset', 'adjust',
] as const;
export type AccountLogKind = (typeof ACCOUNT_LOG_KINDS)[number];

/** Account record: PascalCase like the family's `Value, CreatedAtTran`. */
export const accountRecord = z.object({
  Id: z.int(),
  Kind: z.enum(ACCOUNT_LOG_KINDS),
  /** Signed change in USD of the available balance. */
  Value: money(),
  /** Signed change of the frozen amount: a withdrawal's hold, paid out or given back. */
  Frozen: money(),
  /** Available balance after this record. */
  BalanceAfter: money(),
  CreatedAtTran: wireTime,
});
export type AccountRecord = z.infer<typeof accountRecord>;

const byId = z.object({ id: positiveInt() });
/** The refusal of a stops edit that sends neither level (the server names it in the trader's words). */
export const STOPS_REQUIRED = 'a stop-loss or a take-profit is required';
const stopPrice = () => z._default(decimal().min(0), 0);

export const tradingCalls = {
  submit: defineCall({
    method: 'GET', path: '/v1/api/forex/submit', encoding: 'query', auth: true,
    request: z
      .object({
        type: intEnum(1, 2),
        cont: decimal(8).positive(),
        forex_id: positiveInt(),
        /** 1 market, 0 pending at target_price. */
        status: intEnum(0, 1),
        target_price: z._default(decimal().min(0), 0),
        stop_loss_price: stopPrice(),
        target_profit_price: stopPrice(),
        multiple: positiveInt(),
        /** Client-chosen id, unique per account: a retry with the same id returns the first order instead of a second one. */
        client_order_id: clientId(),
        /** The same as `client_order_id` (its first name); `client_order_id` wins when both are sent. */
        request_id: clientId(),
      })
      .check(z.refine((r) => r.status === 1 || r.target_price > 0, {
        path: ['target_price'], message: 'a pending order needs a price',
      })),
    response: order,
  }),
  myDeal: defineCall({
    method: 'GET', path: '/v1/api/forex/my_deal', encoding: 'query', auth: true,
    request: z.object({ status: intEnum(1, 0, 3), ...pageQuery }), response: orderPage,
  }),
  close: defineCall({
    method: 'GET', path: '/v1/api/forex/close', encoding: 'query', auth: true,
    request: byId, response: z.null(),
  }),
  /** Pending only; reserved margin and fee are refunded. */
  cancel: defineCall({
    method: 'GET', path: '/v1/api/forex/cancel_trade', encoding: 'query', auth: true,
    request: byId, response: z.null(),
  }),
  /** 0 clears a level, and one left out stays as it is; one of the two must be sent. */
  setStopPrice: defineCall({
    method: 'GET', path: '/v1/api/forex/set_stop_price', encoding: 'query', auth: true,
    request: z
      .object({ id: positiveInt(), target_profit_price: z.optional(decimal().min(0)), stop_loss_price: z.optional(decimal().min(0)) })
      .check(z.refine((r) => r.target_profit_price !== undefined || r.stop_loss_price !== undefined, {
        path: ['target_profit_price'], message: STOPS_REQUIRED,
      })),
    response: z.null(),
  }),
  resetDemo: defineCall({
    method: 'GET', path: '/v1/api/main/user/resetForexDemoAccount', encoding: 'query', auth: true,
    request: z.object({}), response: z.null(),
  }),
  forexDetail: defineCall({
    method: 'GET', path: '/v1/api/main/account/forexDetail', encoding: 'query', auth: true,
    request: z.object({}), response: forexDetail,
  }),
  /** Newest first; `{list, total}` rather than `{data, total}`, as the spec reads it. */
  forexChange: defineCall({
    method: 'GET', path: '/v1/api/main/accountLog/forexChange', encoding: 'query', auth: true,
    request: z.object(pageQuery),
    response: z.object({ list: z.array(accountRecord), total: z.int() }),
  }),
} as const;
