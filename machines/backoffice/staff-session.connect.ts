import type { SnapshotFrom } from 'xstate';
import type { StaffRole } from '../../contract/backoffice';
import { screensFor, type Screen } from './roles';
import type { staffSessionMachine } from './staff-session';

export interface StaffSessionView {
  /** checking: a kept token is being checked; the page waits. */
  phase: 'checking' | 'loggedOut' | 'signedIn' | 'loggingOut';
  email: string;
  role: StaffRole | undefined;
  staffId: number | undefined;
  screens: readonly Screen[];
  ended: 'expired' | 'loggedOut' | undefined;
}

const NONE: readonly Screen[] = [];

export function connectStaffSession(snapshot: SnapshotFrom<typeof staffSessionMachine>): StaffSessionView {
  const { staff, ended } = snapshot.context;
  const phase = snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('loggingOut') ? 'loggingOut'
    : snapshot.matches('loggedOut') ? 'loggedOut' : 'checking';
  return { phase, email: staff?.email ?? '', role: staff?.role, staffId: staff?.id, screens: staff ? screensFor(staff.role) : NONE, ended };
}
