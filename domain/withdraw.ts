import type Decimal from 'decimal.js';
import { dec, max, roundDownTo, roundUpTo, ZERO } from './decimal';

/** Withdraw currency `fee_type`: 1 is a fixed fee of `draw_rate`; anything else a rate. */
export const WITHDRAW_FEE_FIXED = 1;

export interface WithdrawInput {
  /** The amount asked for, in USD of the account. */
  amount: Decimal.Value;
  feeType: number;
  /** `draw_rate`: the fixed fee, or the share of the amount. */
  drawRate: Decimal.Value;
  /** `usd_price`: units of the payout currency per USD. */
  usdPrice: Decimal.Value;
}

/** The fee in USD, to the cent and rounded up: shown, charged and stored as the same figure. */
export function withdrawFee(input: Pick<WithdrawInput, 'amount' | 'feeType' | 'drawRate'>): Decimal {
  const fee = input.feeType === WITHDRAW_FEE_FIXED ? dec(input.drawRate) : dec(input.amount).times(dec(input.drawRate));
  return roundUpTo(fee, 2);
}

/**
 * What the user receives, in the payout currency: (amount - fee) x usd_price, rounded down to the 6
 * places money is kept with, never below 0 (a fee can exceed a small amount). Not to the cent: a
 * hundredth of a bitcoin is hundreds of dollars. Fee and received together never come to more than
 * the amount held.
 */
export function withdrawReceived(input: WithdrawInput): Decimal {
  const net = dec(input.amount).minus(withdrawFee(input)).times(dec(input.usdPrice));
  return roundDownTo(max(net, ZERO), 6);
}
