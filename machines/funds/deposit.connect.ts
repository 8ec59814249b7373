import type { SnapshotFrom } from 'xstate';
import type { BankAccount, BankCoin, DepositNetwork } from '../../contract/funds';
import { chosenBankAccount, chosenNetwork, type DepositProblem, type DepositRow, type DepositTab, type depositMachine } from './deposit';
import { depositStatusName, type DepositStatusName } from './funds-rules';

export interface DepositView {
  /** A demo account: the screen says to use a real account. */
  isRealOnly: boolean;
  tab: DepositTab;
  /** The tab's choices are still loading, or failed to. */
  isLoading: boolean;
  isFailed: boolean;
  networks: DepositNetwork[];
  network: DepositNetwork | undefined;
  bankCoins: BankCoin[];
  bankCoinId: number | undefined;
  bankAccounts: BankAccount[];
  bankAccount: BankAccount | undefined;
  isLoadingAccounts: boolean;
  amount: string;
  reference: string;
  problem: DepositProblem | undefined;
  isSubmitting: boolean;
}

export function connectDeposit(snapshot: SnapshotFrom<typeof depositMachine>): DepositView {
  const c = snapshot.context;
  const isBank = snapshot.matches({ open: 'bank' });
  return {
    isRealOnly: snapshot.matches('realOnly'),
    tab: isBank ? 'bank' : 'coin',
    isLoading: snapshot.matches({ open: { coin: 'loading' } }) || snapshot.matches({ open: { bank: 'loadingCoins' } }),
    isFailed: snapshot.matches({ open: { coin: 'failed' } }) || snapshot.matches({ open: { bank: 'failed' } }),
    networks: c.networks,
    network: chosenNetwork(c),
    bankCoins: c.bankCoins,
    bankCoinId: c.bankCoinId,
    bankAccounts: c.bankAccounts,
    bankAccount: chosenBankAccount(c),
    isLoadingAccounts: snapshot.matches({ open: { bank: { ready: 'loadingAccounts' } } }),
    amount: c.amount,
    reference: c.reference,
    problem: c.problem,
    isSubmitting: snapshot.matches({ open: { coin: 'submitting' } }) || snapshot.matches({ open: { bank: { ready: 'submitting' } } }),
  };
}

export interface DepositHistoryRow {
  id: number;
  number: string | number;
  currency: string;
  status: DepositStatusName;
  createdAt: string;
  /** When staff decided it; undefined while it waits. */
  resolvedAt: string | undefined;
  /** Staff's remark (why it was rejected...), when there is one. */
  remark: string | undefined;
}

/** A history record as its row shows it. */
export const depositHistoryRow = (r: DepositRow): DepositHistoryRow => ({
  id: r.id,
  number: r.number,
  currency: r.currency_code,
  status: depositStatusName(r.status),
  createdAt: r.created_at,
  resolvedAt: r.resolved_at || undefined,
  remark: r.remark || undefined,
});
