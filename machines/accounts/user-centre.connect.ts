import type { SnapshotFrom } from 'xstate';
import type { User } from '../../contract/account';
import type { userCentreMachine } from './user-centre';

export interface UserCentreView {
  user: User | undefined;
  isDemo: boolean;
  isFailed: boolean;
  isBalanceHidden: boolean;
}

export function connectUserCentre(snapshot: SnapshotFrom<typeof userCentreMachine>): UserCentreView {
  const user = snapshot.context.user;
  return {
    user,
    isDemo: user?.is_demo === 1,
    isFailed: snapshot.matches({ account: 'failed' }),
    isBalanceHidden: snapshot.matches({ balance: 'hidden' }),
  };
}
