import type { SnapshotFrom } from 'xstate';
import type { demoMachine } from './demo';

/** The demo button waits while the account is made and after (the screen is leaving). */
export const connectDemo = (snapshot: SnapshotFrom<typeof demoMachine>) => ({ isBusy: !snapshot.matches('idle') });
