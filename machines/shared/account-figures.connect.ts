import type { ForexTradeFrame } from '../../contract/socket';
import { accountFigures } from '../../domain/account';
import { money6, show2 } from '../../domain/decimal';

/** What the account card shows; amounts as text with the spec's decimals (balances 2, margin and P&L 6). */
export interface AccountFiguresView {
  balance: string;
  equity: string;
  usedMargin: string;
  freeMargin: string;
  floating: string;
  /** Margin and fee held by pending orders, in none of the figures above; undefined when none is held. */
  pendingHeld: string | undefined;
  /** Withdrawals asked for and not yet paid or returned (`lock_balance`), also in none of the figures; undefined when none. */
  withdrawalsHeld: string | undefined;
  /** The spec's risk rate, the margin level: equity / margin used in percent; undefined with nothing open. */
  riskRate: number | undefined;
}

type Live = Pick<ForexTradeFrame, 'CautionMoneyAll' | 'ProfitsTotal' | 'HazardRate' | 'PendingHeld' | 'Balance'>;

/**
 * The figures from the latest account push (none yet: nothing open, so the available cash fetched
 * is the whole story). A push carries the balance its margin was taken from, and that one is used:
 * a balance fetched just after a close, with the push of the old margin still showing, would count
 * the released margin twice.
 */
export function connectAccountFigures(
  available: string | number | undefined, live: Live | undefined, withdrawalsHeld?: string | number,
): AccountFiguresView | undefined {
  const cash = live?.Balance ?? available;
  if (cash === undefined) return undefined;
  const f = accountFigures(cash, live?.CautionMoneyAll ?? 0, live?.ProfitsTotal ?? 0);
  return {
    balance: show2(f.balance),
    equity: show2(f.equity),
    usedMargin: money6(f.usedMargin),
    freeMargin: show2(f.freeMargin),
    floating: money6(f.floating),
    pendingHeld: Number(live?.PendingHeld ?? 0) > 0 ? money6(live!.PendingHeld!) : undefined,
    withdrawalsHeld: Number(withdrawalsHeld ?? 0) > 0 ? show2(withdrawalsHeld!) : undefined,
    riskRate: f.usedMargin.gt(0) && live ? live.HazardRate : undefined,
  };
}
