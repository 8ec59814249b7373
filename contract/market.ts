import { z } from 'zod/mini';
import { defineCall } from './define';
import { epochMs, intEnum, positiveInt, text } from './fields';

/** The market as traders browse it: products, categories, candles, and the calls that read them. */

/** Chart periods, in the order of the period bar. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const;
export type Period = (typeof PERIODS)[number];
export const period = z.enum(PERIODS);

/** `Product.MarketStatus`: whether the instrument trades now. */
export const MARKET_STATUS = { open: 1, closed: 2 } as const;
export const isMarketOpen = (product: { MarketStatus: number }): boolean => product.MarketStatus === MARKET_STATUS.open;
const price = () => z.number();
const productCode = () => text(32).check(z.regex(/^[A-Za-z0-9._/-]*$/, 'must be a product code'));

export const quotation = z.object({
  Open: price(), Close: price(), High: price(), Low: price(),
  /** Percent, 2 decimals. */
  Change: price(),
  Volume: z.number().check(z.gte(0)),
  /** The ask of the newest quote (beyond the spec): a list shows both sides before the first tick. */
  Ask: z.optional(price()),
});

export const product = z.object({
  Id: z.int(),
  Code: productCode(),
  ShowCode: text(64),
  Logo: text(1024),
  CategoryId: z.int(),
  MarketStatus: intEnum(1, 2),
  PricePrecision: z.int().check(z.gte(0), z.lte(10)),
  /** Lot step. */
  Pip: z.number().check(z.positive()),
  ForexMinCont: z.number().check(z.positive()),
  ForexMaxCont: z.number().check(z.positive()),
  /** Units per lot. */
  ForexContNum: z.number().check(z.positive()),
  /** 1 fixed margin per lot, otherwise price-based. */
  MarginMode: z.int(),
  ForexFeeRate: z.number().check(z.gte(0)),
  /** Leverage values, ascending; clients default to the first. */
  HasForexMultiple: z.array(z.object({ Value: z.int().check(z.positive()) })),
  ForexQuotations: quotation,
  /** The currency prices are in (beyond the spec): the ticket's margin of GER40 or JPN225 is converted to USD as charged. */
  QuoteCurrency: z.optional(text(3)),
});
export type Product = z.infer<typeof product>;

export const category = z.object({ Id: z.int(), NameShowTrans: text(128) });
export type Category = z.infer<typeof category>;

export const candle = z.object({
  /** Bucket start, epoch ms. */
  Time: z.int(),
  Open: price(), High: price(), Low: price(), Close: price(),
  Volume: z.number().check(z.gte(0)),
  Period: period,
});
export type Candle = z.infer<typeof candle>;

const chartQuery = z.object({ forex_id: positiveInt(), period });

export const marketCalls = {
  tradeList: defineCall({
    method: 'GET', path: '/v1/api/forex/trade_list', encoding: 'query', auth: false,
    request: z.object({ searchCurrency: z.optional(text(32)) }), response: z.array(product),
  }),
  categories: defineCall({
    method: 'GET', path: '/v1/api/forex/getCategories', encoding: 'query', auth: false,
    request: z.object({}), response: z.array(category),
  }),
  /** Oldest first: the `limit` newest candles before `before` (epoch ms, exclusive; absent: now). */
  kline: defineCall({
    method: 'GET', path: '/v1/api/forex/kline', encoding: 'query', auth: false,
    request: z.extend(chartQuery, { before: z.optional(epochMs()), limit: z._default(positiveInt().max(1000), 500) }),
    response: z.array(candle),
  }),
  /** Short cached series for the home-row sparkline. */
  sparkline: defineCall({
    method: 'GET', path: '/v1/api/forex/abbreviated_cache_kline', encoding: 'query', auth: false,
    request: chartQuery, response: z.array(candle),
  }),
} as const;
