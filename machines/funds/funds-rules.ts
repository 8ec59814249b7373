import { DEPOSIT_STATUS, type WithdrawCurrency } from '../../contract/funds';
import { money6 } from '../../domain/decimal';
import { withdrawFee, withdrawReceived } from '../../domain/withdraw';
import { amountValue, isDecimal } from '../shared/decimal-input';

/** Pure rules of the funds screens, shared by their machines and connects. */

/** A third decimal. */
const PAST_CENT = /\.\d{3}/;

/**
 * A positive amount to the cent as typed ("12", "12,5", "10,000.50": `amountValue`); anything else
 * is not an amount yet, and is previewed as none (the server names what is wrong with it).
 */
export const isAmount = (text: string) => {
  const value = amountValue(text);
  return isDecimal(value) && Number(value) > 0 && !PAST_CENT.test(value);
};

/** An amount typed past the cent ("12.345"): no amount of money, and the form says why. */
export const isPastCent = (text: string) => {
  const value = amountValue(text);
  return isDecimal(value) && PAST_CENT.test(value);
};

export interface WithdrawPreview {
  /** In USD, taken out of the amount. */
  fee: string;
  /** In the payout currency: (amount - fee) x usd_price, to 6 places (rounded down), never below 0. */
  received: string;
}

/** Fee and received amount of a withdrawal as the form stands (domain/withdraw.ts); undefined until it has an amount. */
export function withdrawPreview(currency: WithdrawCurrency | undefined, amount: string): WithdrawPreview | undefined {
  if (!currency || !isAmount(amount)) return undefined;
  const input = { amount: amountValue(amount), feeType: currency.fee_type, drawRate: currency.draw_rate, usdPrice: currency.usd_price };
  return { fee: money6(withdrawFee(input)), received: money6(withdrawReceived(input)) };
}

/**
 * A destination shown by its ends only ("TQn9Y2…KcbL"), as the server masks it for the pickers and
 * lists, in case it was sent whole; one the server masked already is shown as it came.
 */
export function maskDestination(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  if (value.length <= 12 || value.includes('…')) return value;
  return `${value.slice(0, 6)}…${value.slice(-4)}`;
}

export type DepositStatusName = keyof typeof DEPOSIT_STATUS;

/** The name of a deposit record's status (0 unchecked, 1 finished, 2 rejected, 3 invalid). */
export function depositStatusName(status: number): DepositStatusName {
  const found = (Object.keys(DEPOSIT_STATUS) as DepositStatusName[]).find((k) => DEPOSIT_STATUS[k] === status);
  return found ?? 'unchecked';
}
