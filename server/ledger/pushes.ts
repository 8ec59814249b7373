import { BALANCE, type BalanceFrame } from '../../contract/socket';
import type { Hub } from '../platform/ws/hub';
import { onWalletChange } from './ledger';

/** Every committed change of an account's amounts reaches its sockets as a `BALANCE` frame. */
export function balancePushes(hub: Hub): () => void {
  return onWalletChange((change) => {
    if (change.remote || !hub.isOnline(change.userId)) return;
    const frame: BalanceFrame = { type: BALANCE, balance: change.available, lock_balance: change.frozen };
    hub.sendToUser(change.userId, BALANCE, JSON.stringify(frame));
  });
}
