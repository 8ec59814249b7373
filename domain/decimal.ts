import Decimal from 'decimal.js';

/**
 * Money maths for the whole app. Every public function of domain/ accepts `Decimal.Value`
 * (string, number or Decimal) and returns a Decimal; only the formatters below return strings.
 * Round only to store (`money6`) or to show (`show2`, `fixed` with PricePrecision).
 */

// A private constructor: a `Decimal.set` anywhere else in the app can never change our rounding.
// 40 significant digits keep lots x contract x price / leverage exact for any realistic account.
const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });

export type { Decimal };
export type DecimalValue = Decimal.Value;

/** Reads a value as a Decimal; NaN and infinities are refused so they never reach a balance. */
export function dec(value: Decimal.Value): Decimal {
  const d = new Dec(value);
  if (!d.isFinite()) throw new RangeError(`not a finite decimal: ${String(value)}`);
  return d;
}

export const ZERO: Decimal = new Dec(0);

/** Sum of decimals; the empty sum is 0. */
export function sum(values: Iterable<Decimal.Value>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(dec(v));
  return total;
}

/** Rounds half away from zero (the usual money rule) to `dp` places, as a Decimal. */
export function roundTo(value: Decimal.Value, dp: number): Decimal {
  return dec(value).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP);
}

/** Rounds toward zero to `dp` places: what can be paid or taken out, never a cent more. */
export function roundDownTo(value: Decimal.Value, dp: number): Decimal {
  return dec(value).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
}

/** Rounds away from zero to `dp` places: a charge never shown below what it is. */
export function roundUpTo(value: Decimal.Value, dp: number): Decimal {
  return dec(value).toDecimalPlaces(dp, Decimal.ROUND_UP);
}

/** Fixed-point text with `dp` places, never in exponent form and never "-0.00". */
export function fixed(value: Decimal.Value, dp: number): string {
  const rounded = roundTo(value, dp);
  // A tiny negative rounds to zero; showing "-0.00" would read as a loss.
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(dp);
}

/** Money as stored (numeric with 6 places): margin, fees, profits, balances. */
export function money6(value: Decimal.Value): string {
  return fixed(value, 6);
}

/** Fixed-point text with at least `dp` places, and more only where the value has them (a rate). */
export function atLeastPlaces(value: Decimal.Value, dp: number): string {
  const d = dec(value);
  return d.toFixed(Math.max(dp, d.decimalPlaces()));
}

/** Money as shown for balances and received amounts. */
export function show2(value: Decimal.Value): string {
  return fixed(value, 2);
}

/** The smaller and larger of two decimals. */
export function min(a: Decimal.Value, b: Decimal.Value): Decimal {
  const x = dec(a);
  const y = dec(b);
  return x.lte(y) ? x : y;
}

export function max(a: Decimal.Value, b: Decimal.Value): Decimal {
  const x = dec(a);
  const y = dec(b);
  return x.gte(y) ? x : y;
}
