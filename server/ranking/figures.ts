import { dec, sum, ZERO, type Decimal } from '../../domain/decimal';

/**
 * The ranking's figures from one trader's closed trades and cash flows (docs/ranking.md). Pure, so
 * each definition is tested by itself. "Capital" is what was paid in, less what was taken out, plus
 * the result of the trades closed so far: open positions do not count until they close.
 */

/** The window of the three-week figures, and how many closed trades in it a trader needs to be listed. */
export const WINDOW_DAYS = 21;
export const MIN_CLOSED_TRADES = 5;

export interface TraderHistory {
  /** Per day of the window (0 = oldest), the trades closed that day. */
  days: { day: number; trades: number; wins: number; net: string; leverageSum: number }[];
  /** Every closed trade ever. */
  totalTrades: number;
  totalNet: string;
  /** Cash flows (ledger.cashFlows): net before the window, paid in before it, paid in and taken out in it. */
  netBefore: string;
  inBefore: string;
  inSince: string;
  outSince: string;
}

export interface Figures {
  multiple: number;
  threeWeekRate: number;
  threeWeekWin: number;
  threeWeekProfit: string;
  totalRate: number;
  totalTradeNum: number;
  curve: number[];
}

const percent = (part: Decimal, whole: Decimal) => (whole.gt(0) ? part.div(whole).times(100).toDecimalPlaces(2).toNumber() : 0);

export function figuresOf(h: TraderHistory): Figures {
  const trades = h.days.reduce((n, d) => n + d.trades, 0);
  const wins = h.days.reduce((n, d) => n + d.wins, 0);
  const windowNet = sum(h.days.map((d) => d.net));
  // Capital when the window opened: money in before it plus the result of the trades closed before it.
  const startCapital = dec(h.netBefore).plus(dec(h.totalNet).minus(windowNet));
  // Deposits in the window are capital, not return; withdrawals do not lower the base either.
  const base = startCapital.plus(h.inSince);
  let running = ZERO;
  const curve = Array.from({ length: WINDOW_DAYS }, (_, day) => {
    running = running.plus(sum(h.days.filter((d) => d.day === day).map((d) => d.net)));
    return running.toDecimalPlaces(2).toNumber();
  });
  return {
    multiple: trades > 0 ? dec(h.days.reduce((n, d) => n + d.leverageSum, 0)).div(trades).toDecimalPlaces(1).toNumber() : 0,
    threeWeekRate: percent(windowNet, base),
    threeWeekWin: percent(dec(wins), dec(trades)),
    threeWeekProfit: windowNet.toFixed(2),
    totalRate: percent(dec(h.totalNet), dec(h.inBefore).plus(h.inSince)),
    totalTradeNum: h.totalTrades,
    curve,
  };
}

/** Listed above another: higher three-week return, then higher three-week profit. */
export const ranksAbove = (a: Figures, b: Figures) =>
  b.threeWeekRate - a.threeWeekRate || dec(b.threeWeekProfit).comparedTo(a.threeWeekProfit);

/** "tr***42": the start and end of the email's name, never its domain; a trader without one shows by code. */
export function maskedName(email: string | null, code: string): string {
  const name = email?.split('@')[0] ?? '';
  if (name.length >= 6) return `${name.slice(0, 2)}***${name.slice(-2)}`;
  if (name.length >= 3) return `${name[0]}***${name.slice(-1)}`;
  if (name.length > 0) return `${name[0]}***`;
  return `***${code.slice(-4)}`;
}
