import type { SnapshotFrom } from 'xstate';
import type { walletMachine } from './wallet';

export interface WalletView {
  available: string | number | undefined;
  frozen: string | number | undefined;
  isFailed: boolean;
}

/** A wallet not started yet shows no figures. */
export const connectWallet = (snapshot: SnapshotFrom<typeof walletMachine> | undefined): WalletView => ({
  available: snapshot?.context.balance?.available,
  frozen: snapshot?.context.balance?.frozen,
  isFailed: snapshot?.matches('failed') ?? false,
});
