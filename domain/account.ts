import type Decimal from 'decimal.js';
import { dec, roundTo, sum, ZERO } from './decimal';

/** An open position as the account sees it: everything in USD. */
export interface HeldPosition {
  id: string | number;
  /** `CautionMoney`, fixed at open. */
  margin: Decimal.Value;
  /** Floating `FactProfits` at the current quotes. */
  pnl: Decimal.Value;
  /** False while its market is shut: it counts in the figures, but nothing can close it. */
  closable?: boolean;
}

/** Below this HazardRate (percent) no new position may open. */
export const MARGIN_CALL_LEVEL = 100;
/** Site setting default: at or below this HazardRate the engine stops the account out. */
export const DEFAULT_STOP_OUT_LEVEL = 50;
/** What a demo account starts with, and is reset to, in USD. */
export const DEMO_BALANCE = '10000';

/** `CautionMoneyAll`. */
export function usedMargin(positions: readonly HeldPosition[]): Decimal {
  return sum(positions.map((p) => p.margin));
}

/** `ProfitsTotal`. */
export function floatingTotal(positions: readonly HeldPosition[]): Decimal {
  return sum(positions.map((p) => p.pnl));
}

/**
 * Equity. `balance` is the free cash after margins and fees were taken (the family's convention),
 * so the margins are added back.
 */
export function equity(balance: Decimal.Value, positions: readonly HeldPosition[]): Decimal {
  return dec(balance).plus(usedMargin(positions)).plus(floatingTotal(positions));
}

/** HazardRate = equity / used margin x 100 at 2 dp; 0 when nothing is open. Higher is safer. */
export function hazardRate(balance: Decimal.Value, positions: readonly HeldPosition[]): Decimal {
  const used = usedMargin(positions);
  // Zero used margin only happens with nothing open (a position always holds margin).
  if (!used.gt(0)) return ZERO;
  return roundTo(equity(balance, positions).div(used).times(100), 2);
}

export interface AccountSnapshot {
  profitsTotal: Decimal;
  cautionMoneyAll: Decimal;
  equity: Decimal;
  hazardRate: Decimal;
}

/** The numbers of the `FOREX_TRADE` push. */
export function accountSnapshot(balance: Decimal.Value, positions: readonly HeldPosition[]): AccountSnapshot {
  return {
    profitsTotal: floatingTotal(positions),
    cautionMoneyAll: usedMargin(positions),
    equity: equity(balance, positions),
    hazardRate: hazardRate(balance, positions),
  };
}

/** Margin call: something is open and the HazardRate is below 100 %. */
export function isMarginCall(balance: Decimal.Value, positions: readonly HeldPosition[]): boolean {
  return positions.length > 0 && hazardRate(balance, positions).lt(MARGIN_CALL_LEVEL);
}

export type OpenRefusal = 'margin_call' | 'insufficient_balance';

/**
 * Whether a new position (or pending order, which reserves the same) may open. The free balance
 * must cover its margin plus fee, and the account must not be in margin call *after* the order:
 * the cash it takes and, for a market order, the new position itself (`opening`, at its opening
 * P&L of minus the spread) are counted.
 */
export function openRefusal(
  balance: Decimal.Value,
  positions: readonly HeldPosition[],
  cost: { margin: Decimal.Value; fee: Decimal.Value },
  opening?: HeldPosition,
): OpenRefusal | undefined {
  const cash = dec(balance).minus(dec(cost.margin)).minus(dec(cost.fee));
  if (cash.lt(0)) return 'insufficient_balance';
  if (isMarginCall(cash, opening ? [...positions, opening] : positions)) return 'margin_call';
  return undefined;
}

/** At or below the stop-out level with something open. */
export function isStopOut(
  balance: Decimal.Value,
  positions: readonly HeldPosition[],
  level: Decimal.Value = DEFAULT_STOP_OUT_LEVEL,
): boolean {
  return positions.length > 0 && usedMargin(positions).gt(0) && hazardRate(balance, positions).lte(dec(level));
}

/**
 * The ids to close, in order, for a stop-out: the most-losing position first, then re-check, until
 * the HazardRate is above the level or nothing closable is open. Empty when no stop-out is due.
 * Closing credits margin + P&L to the balance, so equity stays the same and the used margin falls.
 * Ties keep the given order (the engine passes positions oldest first). A position whose market is
 * shut is passed over (TRADING-RULES: closes are refused there, nothing fires on a stale quote).
 */
export function stopOutOrder(
  balance: Decimal.Value,
  positions: readonly HeldPosition[],
  level: Decimal.Value = DEFAULT_STOP_OUT_LEVEL,
): Array<HeldPosition['id']> {
  let cash = dec(balance);
  const open = positions.map((p, index) => ({ id: p.id, margin: dec(p.margin), pnl: dec(p.pnl), closable: p.closable !== false, index }));
  open.sort((a, b) => a.pnl.comparedTo(b.pnl) || a.index - b.index);
  const closed: Array<HeldPosition['id']> = [];
  while (isStopOut(cash, open, level)) {
    // A position on a shut market waits for its market; the next most-losing one goes meanwhile.
    const at = open.findIndex((p) => p.closable);
    if (at < 0) break;
    const [worst] = open.splice(at, 1);
    cash = cash.plus(worst!.margin).plus(worst!.pnl);
    closed.push(worst!.id);
  }
  return closed;
}

/**
 * Negative balance protection after a stop-out: the balance is reset to 0 and the shortfall is
 * booked to the house.
 */
export function negativeBalanceProtection(balance: Decimal.Value): { balance: Decimal; houseLoss: Decimal } {
  const b = dec(balance);
  return b.lt(0) ? { balance: ZERO, houseLoss: b.negated() } : { balance: b, houseLoss: ZERO };
}

export interface AccountFigures {
  /** Cash in the account, margins included, open P&L not: the available cash plus the margin held. */
  balance: Decimal;
  /** Balance plus floating P&L: what the account is worth if everything closed now. */
  equity: Decimal;
  usedMargin: Decimal;
  /** Equity minus the margin held: what new orders may still take. */
  freeMargin: Decimal;
  floating: Decimal;
}

/**
 * The account in a trader's words from the family's numbers: `available` is the spec's balance
 * (free cash after margins and fees), `usedMargin` is `CautionMoneyAll`, `floating` `ProfitsTotal`.
 * Equity is the same as `equity()`, so the risk rate (margin level) is equity / used margin.
 */
export function accountFigures(available: Decimal.Value, usedMargin: Decimal.Value, floating: Decimal.Value): AccountFigures {
  const balance = dec(available).plus(dec(usedMargin));
  const equityNow = balance.plus(dec(floating));
  return { balance, equity: equityNow, usedMargin: dec(usedMargin), freeMargin: equityNow.minus(dec(usedMargin)), floating: dec(floating) };
}
