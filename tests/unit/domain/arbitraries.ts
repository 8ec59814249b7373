/** fast-check generators of exact decimals: integers scaled by a power of ten, never floats. */
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { dec } from '../../../domain/decimal';
import type { Side } from '../../../domain/types';

/** A decimal with `dp` places in [min, max] (given in units of 10^-dp). */
export const scaled = (minUnits: number, maxUnits: number, dp: number): fc.Arbitrary<Decimal> =>
  fc.integer({ min: minUnits, max: maxUnits }).map((n) => dec(n).div(dec(10).pow(dp)));

/** A price with 5 places, 0.00001 .. 100000. */
export const price = scaled(1, 10_000_000_000, 5);
/** A spread of 0 .. 0.01000 (5 places). */
export const spread = scaled(0, 1000, 5);
/** Lots of 0.01 .. 100 in 0.01 steps. */
export const lots = scaled(1, 10_000, 2);
export const contractSize = fc.constantFrom('1', '10', '100', '1000', '100000');
/** Leverage values of the form 2^a 5^b divide exactly in decimal. */
export const leverage = fc.constantFrom(1, 2, 5, 10, 20, 25, 50, 100, 200, 400, 500);
export const side: fc.Arbitrary<Side> = fc.constantFrom<Side>(1, 2);
