import type { SnapshotFrom } from 'xstate';
import { DRAW_TYPE, type WithdrawCurrency, type WithdrawWay } from '../../contract/funds';
import { isPastCent, maskDestination, withdrawPreview, type WithdrawPreview } from './funds-rules';
import { chosenCurrency, type DrawType, type WithdrawProblem, type WithdrawRow, type withdrawMachine } from './withdraw';
import { isolated, leftToRight } from '../shared/isolate';

export interface WithdrawView {
  type: DrawType;
  currencies: WithdrawCurrency[];
  currency: WithdrawCurrency | undefined;
  ways: WithdrawWay[];
  wayId: number | undefined;
  amount: string;
  memo: string;
  /** Fee and received amount as the form stands; undefined until it has an amount. */
  preview: WithdrawPreview | undefined;
  /** The amount goes past the cent: the preview is empty, and says why. */
  pastCent: boolean;
  /** The identity is known not to be approved: a note links to /mine/auth. */
  needsIdentity: boolean;
  isLoading: boolean;
  isFailed: boolean;
  isLoadingWays: boolean;
  /** No payout method bound for the chosen currency: the dialog offers the bind page. */
  isUnbound: boolean;
  problem: WithdrawProblem | undefined;
  isSubmitting: boolean;
  /** The cancel question is on screen. */
  isCancelAsked: boolean;
}

export function connectWithdraw(snapshot: SnapshotFrom<typeof withdrawMachine>): WithdrawView {
  const c = snapshot.context;
  const currency = chosenCurrency(c);
  return {
    type: c.type,
    currencies: c.currencies,
    currency,
    ways: c.ways,
    wayId: c.wayId,
    amount: c.amount,
    memo: c.memo,
    preview: withdrawPreview(currency, c.amount),
    pastCent: isPastCent(c.amount),
    needsIdentity: c.identity === 'unapproved',
    isLoading: snapshot.matches({ form: 'loadingCurrencies' }),
    isFailed: snapshot.matches({ form: 'failed' }),
    isLoadingWays: snapshot.matches({ form: 'loadingWays' }),
    isUnbound: snapshot.matches({ form: 'unbound' }),
    problem: c.problem,
    isSubmitting: snapshot.matches({ form: 'submitting' }),
    isCancelAsked: snapshot.matches({ cancel: 'asking' }),
  };
}

/**
 * How a payout method reads in a picker or a list: its masked destination, after the bank's name.
 * Each part is isolated, also inside an <option> (which holds no markup).
 */
export const wayLabel = (w: WithdrawWay) =>
  w.dc_address ? leftToRight(w.dc_address) : [w.bank_name && isolated(w.bank_name), w.payee_account && leftToRight(w.payee_account)].filter(Boolean).join(' · ');

export interface WithdrawHistoryRow {
  id: number;
  number: string | number;
  received: string | number;
  fee: string | number;
  currency: string;
  statusName: string;
  createdAt: string;
  destination: string;
  /**
   * What became of the amount: it arrived (paid), is on its way (waiting, approved), or went back to
   * the balance (rejected, cancelled), where nothing was or will be received.
   */
  outcome: 'received' | 'toReceive' | 'returned';
  /** Why staff rejected it. */
  /** The trader's own remark, as sent with the request. */
  note: string | undefined;
  reason: string | undefined;
  /** The payment's transaction hash (a coin address) or the bank's reference (an account), once paid. */
  txid: string | undefined;
  txidLabel: 'withdraw.rowTxid' | 'withdraw.rowReference';
  /** When it was paid, rejected or cancelled. */
  resolvedAt: string | undefined;
  /** Still waiting: the trader may take it back. */
  canCancel: boolean;
}

export const withdrawHistoryRow = (r: WithdrawRow): WithdrawHistoryRow => ({
  id: r.id,
  number: r.number,
  received: r.real_number,
  fee: r.fee,
  currency: r.draw_currency.code,
  statusName: r.status_name,
  createdAt: r.created_at,
  destination: maskDestination(r.type === DRAW_TYPE.address ? r.address : r.payee_account),
  outcome: r.status === 'paid' ? 'received' : r.status === 'rejected' || r.status === 'cancelled' ? 'returned' : 'toReceive',
  note: r.notes || undefined,
  reason: r.reason || undefined,
  txid: r.txid || undefined,
  txidLabel: r.type === DRAW_TYPE.address ? 'withdraw.rowTxid' : 'withdraw.rowReference',
  resolvedAt: r.resolved_at || undefined,
  canCancel: r.status === 'waiting',
});
