import type Decimal from 'decimal.js';
import { dec } from './decimal';

export interface LotRules {
  /** `ForexMinCont`. */
  min: Decimal.Value;
  /** `ForexMaxCont`; undefined or 0 means the product sets no maximum. */
  max?: Decimal.Value;
  /** `Pip`: the lot step; 0 means the product sets no step. */
  step: Decimal.Value;
}

export type LotsRefusal = 'not_positive' | 'below_min' | 'above_max' | 'off_step';

/** Why a lot amount is refused, or undefined when it is acceptable. Decimal, so 0.015 is off 0.01. */
export function lotsRefusal(lots: Decimal.Value, rules: LotRules): LotsRefusal | undefined {
  const amount = dec(lots);
  if (!amount.gt(0)) return 'not_positive';
  if (amount.lt(dec(rules.min))) return 'below_min';
  const max = rules.max === undefined ? undefined : dec(rules.max);
  if (max !== undefined && max.gt(0) && amount.gt(max)) return 'above_max';
  const step = dec(rules.step);
  if (step.gt(0) && !amount.mod(step).isZero()) return 'off_step';
  return undefined;
}

/**
 * The ticket's plus/minus controls: one step up or down. Undefined when going down would reach 0
 * or less (the minus control is then disabled).
 */
export function stepLots(lots: Decimal.Value, step: Decimal.Value, direction: 1 | -1): Decimal | undefined {
  const next = dec(lots).plus(dec(step).times(direction));
  return next.gt(0) ? next : undefined;
}
