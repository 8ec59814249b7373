import { z } from 'zod/mini';
import { money, requiredText, text } from './fields';
import { candle } from './market';

/** Socket path on the API host. */
export const SOCKET_PATH = '/v1/ws';

/** Heartbeat frames are plain text, not JSON. */
export const PING = 'ping';
export const PONG = 'pong';

export const DAY_MARKET = 'DAY_MARKET';
export const FOREX_TRADE = 'FOREX_TRADE';
export const FOREX_CLOSED = 'FOREX_CLOSED';
/** Ours: the account's available and frozen USD after every change (deposit credited, withdrawal held...). */
export const BALANCE = 'BALANCE';
export const klineTopic = <C extends string>(code: C) => `KLINE.${code}` as const;

export const topic = z.union([
  z.enum([DAY_MARKET, FOREX_TRADE, FOREX_CLOSED, BALANCE]),
  z.templateLiteral(['KLINE.', z.string().check(z.regex(/^[A-Za-z0-9._/-]{1,32}$/))]),
]);
export type Topic = z.infer<typeof topic>;

// Client frames.
export const loginFrame = z.object({ type: z.literal('login'), params: requiredText(512) });
export const logoutFrame = z.object({ type: z.literal('logout'), params: z._default(z.literal(''), '') });
export const subFrame = z.object({ type: z.literal('sub'), params: topic });
export const unsubFrame = z.object({ type: z.literal('unsub'), params: topic });

export const clientFrame = z.discriminatedUnion('type', [loginFrame, logoutFrame, subFrame, unsubFrame]);
export type ClientFrame = z.infer<typeof clientFrame>;

// Server frames.
const result = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), code: z.int(), msg: text(1024) });
export const loginResult = result('login_result');
export const subResult = result('sub_result');
export const unsubResult = result('unsub_result');

const value = () => z.number();

export const dayMarketFrame = z.object({
  type: z.literal(DAY_MARKET),
  symbol: text(32),
  /** Epoch ms of the tick (ours; the family sent none), so a client can tell how old a quote is. */
  time: z.optional(z.int()),
  quotation: z.object({
    close: value(), change: value(), open: value(), high: value(), low: value(), volume: value(),
    /** The tick's ask (ours), so the order ticket estimates a buy at the price it will get. */
    ask: z.optional(value()),
  }),
});
export type DayMarketFrame = z.infer<typeof dayMarketFrame>;

/**
 * Ours, on the DAY_MARKET topic: an instrument opened or closed (its session, or staff holding it),
 * with its `MarketStatus` (1 open, 2 closed), so a screen left open does not offer a closed market.
 */
export const marketStatusFrame = z.object({ type: z.literal('MARKET_STATUS'), symbol: text(32), status: z.int() });
export type MarketStatusFrame = z.infer<typeof marketStatusFrame>;

/** Every period goes to one topic; consumers filter by `kline.Period`. */
export const klineFrame = z.object({ type: z.literal('KLINE'), symbol: text(32), kline: candle });
export type KlineFrame = z.infer<typeof klineFrame>;

/** An account's figures of one moment, as FOREX_TRADE pushes them. */
const accountFigures = z.object({
  ProfitsTotal: money(),
  /** Risk rate. */
  HazardRate: value(),
  CautionMoneyAll: money(),
  /** Ours: the margin and fee that pending orders hold until they fill or are cancelled. */
  PendingHeld: z.optional(money()),
  /** Ours: the available balance these figures were worked out with, so that figures shown from it never mix two moments. */
  Balance: z.optional(money()),
  TransOrder: z.array(z.object({ Id: z.int(), UpdatePrice: value(), FactProfits: money() })),
});

/** Ours: an account's FOREX_TRADE and FOREX_CLOSED frames are numbered together 1, 2, 3... by the engine; any
 *  other step (a frame lost, or a new engine after a takeover) means the client should refetch its orders. */
const seq = z.optional(z.int());

export const forexTradeFrame = z.object({ type: z.literal(FOREX_TRADE), ...accountFigures.shape, seq });
export type ForexTradeFrame = z.infer<typeof forexTradeFrame>;

/**
 * Orders that left the holding list; an unknown id removes nothing. Ours: `figures`, the account's
 * once they left, so a screen's summary agrees with its list at once (FOREX_TRADE keeps a second
 * between its frames, and would bring them up to a second later).
 */
export const forexClosedFrame = z.object({ type: z.literal(FOREX_CLOSED), id: z.array(z.int()), seq, figures: z.optional(accountFigures) });
export type ForexClosedFrame = z.infer<typeof forexClosedFrame>;

export const balanceFrame = z.object({ type: z.literal(BALANCE), balance: money(), lock_balance: money() });
export type BalanceFrame = z.infer<typeof balanceFrame>;

/** The frames a client reads (a `logout` it never sends is answered as login is, by `logout_result`). */
export const serverFrame = z.discriminatedUnion('type', [
  loginResult, subResult, unsubResult, dayMarketFrame, marketStatusFrame, klineFrame, forexTradeFrame, forexClosedFrame, balanceFrame,
]);
export type ServerFrame = z.infer<typeof serverFrame>;
