import type { SnapshotFrom } from 'xstate';
import type { disclosureMachine } from './disclosure';

/** Whether the drawer or sheet is open. */
export const connectDisclosure = (snapshot: SnapshotFrom<typeof disclosureMachine>) => ({ isOpen: snapshot.matches('open') });
