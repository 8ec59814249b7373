/**
 * What other features (the back-office, start-up) may use of funds: the review queues, the staff
 * decisions (each runs inside the caller's `ledger.transaction`, beside its audit row), the emails
 * about them, and the example channels of a fresh install.
 */
export { depositQueue, approveDeposit, rejectDeposit, pendingDeposits, depositsClaiming } from './deposits';
export { withdrawalQueue, payWithdrawal, rejectWithdrawal, pendingWithdrawals, needsTwoApprovals } from './withdrawals';
export { channelNames, currenciesById, seedFundsExamples } from './channels';
export { methodsById } from './payout-methods';
export { requestParams, sendNotice, type Notice } from './notices';
export type { DepositRow, WithdrawalRow } from './schema';
export { allChannels, saveBankCoin, saveCurrency, saveNetwork, saveWireAccount } from './setup';
