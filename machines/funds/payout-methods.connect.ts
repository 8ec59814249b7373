import type { SnapshotFrom } from 'xstate';
import type { WithdrawWay } from '../../contract/funds';
import type { payoutMethodsMachine } from './payout-methods';

export interface PayoutMethodsView {
  ways: WithdrawWay[];
  isLoading: boolean;
  isFailed: boolean;
  /** Loaded and none bound. */
  isEmpty: boolean;
  isConfirming: boolean;
  isDeleting: boolean;
}

export function connectPayoutMethods(snapshot: SnapshotFrom<typeof payoutMethodsMachine>): PayoutMethodsView {
  const { ways } = snapshot.context;
  const isLoading = snapshot.matches('loading');
  const isFailed = snapshot.matches('failed');
  return {
    ways,
    isLoading,
    isFailed,
    isEmpty: !isLoading && !isFailed && ways.length === 0,
    isConfirming: snapshot.matches('confirming'),
    isDeleting: snapshot.matches('deleting'),
  };
}
