import type Decimal from 'decimal.js';
import { dec } from './decimal';
import { BUY, type Quote, type Side } from './types';
import { toUsd, type UsdConversion } from './usd';

export interface PositionInput {
  side: Side;
  /** The fill price (`Price`): the ask for a buy, the bid for a sell. */
  openPrice: Decimal.Value;
  lots: Decimal.Value;
  /** `ForexContNum`: units per lot. */
  contractSize: Decimal.Value;
}

/** A buy opens at the ask, a sell at the bid: the trader always pays the spread. */
export function openingPrice(side: Side, quote: Quote): Decimal {
  return dec(side === BUY ? quote.ask : quote.bid);
}

/** The price a position is valued and closed at (`UpdatePrice`): bid for a buy, ask for a sell. */
export function closingPrice(side: Side, quote: Quote): Decimal {
  return dec(side === BUY ? quote.bid : quote.ask);
}

/** P&L in the quote currency if the position closed at `price`. */
export function pnlAtPrice(position: PositionInput, price: Decimal.Value): Decimal {
  const move = position.side === BUY ? dec(price).minus(dec(position.openPrice)) : dec(position.openPrice).minus(dec(price));
  return move.times(dec(position.lots)).times(dec(position.contractSize));
}

/** Floating P&L in the quote currency at the current quote. */
export function floatingPnl(position: PositionInput, quote: Quote): Decimal {
  return pnlAtPrice(position, closingPrice(position.side, quote));
}

/** Floating P&L in USD (`FactProfits`). */
export function floatingPnlUsd(position: PositionInput, quote: Quote, conversion?: UsdConversion): Decimal {
  return toUsd(floatingPnl(position, quote), conversion);
}
