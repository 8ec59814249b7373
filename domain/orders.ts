import type Decimal from 'decimal.js';
import { dec } from './decimal';
import { BUY, SELL, type Quote, type Side } from './types';

export type PendingType = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

/**
 * Open positions and pending orders one account may hold together: each is revalued on every tick
 * of its instrument and carried in every push of the account's orders.
 */
export const MAX_ORDERS_PER_ACCOUNT = 200;

/**
 * The kind of a pending order follows from its target and the quote at placement: a buy below the
 * ask waits for a better price (limit), above it for a breakout (stop); mirrored for a sell
 * against the bid. A target equal to the current price is a limit: it fills on the next quote at
 * that price or better, which is what the trader asked for.
 */
export function pendingType(side: Side, target: Decimal.Value, quote: Quote): PendingType {
  const p = dec(target);
  if (side === BUY) return p.lte(dec(quote.ask)) ? 'buy_limit' : 'buy_stop';
  return p.gte(dec(quote.bid)) ? 'sell_limit' : 'sell_stop';
}

export function sideOfPending(type: PendingType): Side {
  return type === 'buy_limit' || type === 'buy_stop' ? BUY : SELL;
}

/**
 * Whether a pending order triggers on this quote, and its fill price. Buys watch the ask, sells
 * the bid (the side they open at). Fills are at the triggering quote: for a limit that is p or
 * better by the trigger condition; for a stop it is the market, gaps included.
 */
export function pendingFill(type: PendingType, target: Decimal.Value, quote: Quote): Decimal | undefined {
  const p = dec(target);
  const ask = dec(quote.ask);
  const bid = dec(quote.bid);
  switch (type) {
    case 'buy_limit':
      return ask.lte(p) ? ask : undefined;
    case 'buy_stop':
      return ask.gte(p) ? ask : undefined;
    case 'sell_limit':
      return bid.gte(p) ? bid : undefined;
    case 'sell_stop':
      return bid.lte(p) ? bid : undefined;
  }
}

/** Stop-loss and take-profit prices as orders carry them; 0 means not set. */
export interface Stops {
  stopLoss: Decimal.Value;
  takeProfit: Decimal.Value;
}

export type StopKind = 'stop_loss' | 'take_profit';

/**
 * Whether SL or TP fires on this quote, and the fill (the triggering closing-side quote). A buy
 * closes at the bid, a sell at the ask, so those are the prices watched. When both would fire
 * (only possible with inverted levels) the stop-loss wins, as the safer reading.
 */
export function stopFire(side: Side, stops: Stops, quote: Quote): { kind: StopKind; price: Decimal } | undefined {
  const sl = dec(stops.stopLoss);
  const tp = dec(stops.takeProfit);
  if (side === BUY) {
    const bid = dec(quote.bid);
    if (sl.gt(0) && bid.lte(sl)) return { kind: 'stop_loss', price: bid };
    if (tp.gt(0) && bid.gte(tp)) return { kind: 'take_profit', price: bid };
    return undefined;
  }
  const ask = dec(quote.ask);
  if (sl.gt(0) && ask.gte(sl)) return { kind: 'stop_loss', price: ask };
  if (tp.gt(0) && ask.lte(tp)) return { kind: 'take_profit', price: ask };
  return undefined;
}

/**
 * How far from the market a price may be asked (docs/trading.md): a pending target, stop-loss or
 * take-profit within this factor of the price it is judged against, either way. Farther is a typo
 * or an attack, never a trade, and keeps every stored price well inside its column.
 */
export const PRICE_FACTOR = 10;

/** Whether `price` lies within PRICE_FACTOR of a positive `reference`. */
export function nearMarket(price: Decimal.Value, reference: Decimal.Value): boolean {
  const p = dec(price);
  const ref = dec(reference);
  return p.gte(ref.div(PRICE_FACTOR)) && p.lte(ref.times(PRICE_FACTOR));
}

export type StopsRefusal =
  | 'negative_price'
  | 'level_far_from_price'
  | 'sl_not_below_bid'
  | 'tp_not_above_bid'
  | 'sl_not_above_ask'
  | 'tp_not_below_ask';

/**
 * Validation of SL/TP when placing or editing: a level already on the wrong side of the closing
 * price would fire at once, so it is refused. A buy's levels sit around the bid, a sell's around
 * the ask, and within PRICE_FACTOR of it. 0 means not set and always passes.
 */
export function stopsRefusal(side: Side, stops: Stops, quote: Quote): StopsRefusal | undefined {
  const sl = dec(stops.stopLoss);
  const tp = dec(stops.takeProfit);
  if (sl.lt(0) || tp.lt(0)) return 'negative_price';
  if (side === BUY) {
    const bid = dec(quote.bid);
    if (sl.gt(0) && !sl.lt(bid)) return 'sl_not_below_bid';
    if (tp.gt(0) && !tp.gt(bid)) return 'tp_not_above_bid';
    return farLevel(sl, tp, bid);
  }
  const ask = dec(quote.ask);
  if (sl.gt(0) && !sl.gt(ask)) return 'sl_not_above_ask';
  if (tp.gt(0) && !tp.lt(ask)) return 'tp_not_below_ask';
  return farLevel(sl, tp, ask);
}

const farLevel = (sl: Decimal, tp: Decimal, reference: Decimal): StopsRefusal | undefined =>
  [sl, tp].some((level) => level.gt(0) && !nearMarket(level, reference)) ? 'level_far_from_price' : undefined;
