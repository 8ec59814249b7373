import type { SnapshotFrom } from 'xstate';
import type { confirmMachine } from './confirm';

/** Whether the question is on screen. */
export const connectConfirm = (snapshot: SnapshotFrom<typeof confirmMachine>) => ({ isOpen: snapshot.matches('open') });
