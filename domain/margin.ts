import type Decimal from 'decimal.js';
import { dec } from './decimal';
import { toUsd, type UsdConversion } from './usd';

/** Product `MarginMode`: 1 is a fixed margin per lot; anything else is leveraged. */
export const MARGIN_MODE_FIXED = 1;
/** Site setting `trade_fee_type`: 1 charges per lot; anything else a share of the margin. */
export const FEE_TYPE_PER_LOT = 1;

export interface MarginInput {
  marginMode: number;
  lots: Decimal.Value;
  /** `ForexContNum`: units per lot. */
  contractSize: Decimal.Value;
  /** The opening price: ask for a buy, bid for a sell (or the pending target). */
  openPrice: Decimal.Value;
  /** The chosen `Multiple`; ignored by a fixed margin. */
  leverage: Decimal.Value;
  /** Quote currency to USD at open; omitted means the pair is quoted in USD. */
  conversion?: UsdConversion;
}

/** Margin in USD, fixed at open and stored as `CautionMoney`. */
export function margin(input: MarginInput): Decimal {
  const notionalUnits = dec(input.lots).times(dec(input.contractSize));
  // Fixed mode is a deposit per unit in USD, independent of price and leverage.
  if (input.marginMode === MARGIN_MODE_FIXED) return notionalUnits;
  const leverage = dec(input.leverage);
  // The order is refused earlier when no leverage is configured; dividing by 0 would hide that.
  if (!leverage.gt(0)) throw new RangeError('leverage must be positive');
  return toUsd(notionalUnits.times(dec(input.openPrice)).div(leverage), input.conversion);
}

export interface FeeInput {
  /** Site setting `trade_fee_type`. */
  feeType: number;
  lots: Decimal.Value;
  /** Product `ForexFeeRate`. */
  rate: Decimal.Value;
  /** The position's margin (USD); used unless the fee is per lot. */
  margin: Decimal.Value;
}

/** Trade fee in USD, charged once when the position opens (reserved at placement for pending). */
export function tradeFee(input: FeeInput): Decimal {
  const base = input.feeType === FEE_TYPE_PER_LOT ? dec(input.lots) : dec(input.margin);
  return base.times(dec(input.rate));
}
