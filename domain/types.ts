import type Decimal from 'decimal.js';

/** Order side as the wire carries it (`OrderType`, `submit?type`): 1 buy, 2 sell. */
export type Side = 1 | 2;
export const BUY = 1 as const;
export const SELL = 2 as const;

/** A two-sided price. `ask = bid + spread`; the price shown everywhere is the bid. */
export interface Quote {
  bid: Decimal.Value;
  ask: Decimal.Value;
}
