import type Decimal from 'decimal.js';
import { dec } from './decimal';

/**
 * How an amount in a pair's quote currency becomes USD. Margin (at open) and floating P&L are
 * computed in the quote currency; `CautionMoney` and `FactProfits` are always USD.
 */
export type UsdConversion =
  /** The quote currency is USD (EURUSD, XAUUSD, BTCUSD): nothing to do. */
  | { kind: 'usd' }
  /** The base currency is USD (USDJPY): JPY / the pair's own current valuation price. */
  | { kind: 'divide'; pairPrice: Decimal.Value }
  /** A cross (EURGBP): GBP x the quote currency's USD rate (GBPUSD). */
  | { kind: 'multiply'; quoteUsdRate: Decimal.Value };

export const USD_QUOTED: UsdConversion = { kind: 'usd' };

export function toUsd(amountInQuote: Decimal.Value, conversion: UsdConversion = USD_QUOTED): Decimal {
  const amount = dec(amountInQuote);
  switch (conversion.kind) {
    case 'usd':
      return amount;
    case 'divide': {
      const price = dec(conversion.pairPrice);
      if (!price.gt(0)) throw new RangeError('a USD-base pair needs a positive price to convert');
      return amount.div(price);
    }
    case 'multiply':
      return amount.times(dec(conversion.quoteUsdRate));
  }
}

/**
 * Picks the conversion from a product code. `pairPrice` is the pair's own valuation price (used
 * for USD-base pairs); `priceOf(code)` answers another product's current price (used for crosses,
 * through XXXUSD or, failing that, 1 / USDXXX). A product that is not a currency pair (GER40, JPN225)
 * goes by its `quoteCurrency`. Returns undefined when neither tells the currency or no rate is known.
 */
export function usdConversionFor(
  code: string,
  pairPrice: Decimal.Value,
  priceOf: (code: string) => Decimal.Value | undefined,
  quoteCurrency?: string,
): UsdConversion | undefined {
  const isPair = /^[A-Z]{6}$/i.test(code);
  const upper = isPair || !quoteCurrency ? code.toUpperCase() : `XXX${quoteCurrency.toUpperCase()}`;
  if (upper.endsWith('USD')) return USD_QUOTED;
  if (!/^[A-Z]{6}$/.test(upper)) return undefined;
  if (upper.startsWith('USD')) return { kind: 'divide', pairPrice };
  const quote = upper.slice(3);
  const direct = priceOf(`${quote}USD`);
  if (direct !== undefined && dec(direct).gt(0)) return { kind: 'multiply', quoteUsdRate: direct };
  const inverse = priceOf(`USD${quote}`);
  if (inverse !== undefined && dec(inverse).gt(0)) return { kind: 'multiply', quoteUsdRate: dec(1).div(dec(inverse)) };
  return undefined;
}
