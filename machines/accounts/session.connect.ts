import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session';

export interface SessionView {
  isSignedIn: boolean;
  isDemo: boolean;
  /** Who may see what: a visitor, a demo account, or a real account. */
  access: 'out' | 'demo' | 'real';
  token: string | undefined;
  email: string;
  /** An account made by mobile: its national number and area (the code for a password change is texted there). */
  phone: { mobile: string; areaId: number } | undefined;
  /** Where to go after the next login (the session expired there). */
  returnTo: string | undefined;
}

function phoneOf(session: { mobile?: string; area_id?: number } | undefined) {
  return session?.mobile && session.area_id !== undefined ? { mobile: session.mobile, areaId: session.area_id } : undefined;
}

export function connectSession(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  const isDemo = snapshot.matches({ signedIn: 'demo' });
  const isSignedIn = !snapshot.matches('loggedOut');
  return {
    isSignedIn,
    isDemo,
    access: !isSignedIn ? 'out' : isDemo ? 'demo' : 'real',
    token: snapshot.context.session?.token,
    email: snapshot.context.session?.email ?? '',
    phone: phoneOf(snapshot.context.session),
    returnTo: snapshot.context.returnTo,
  };
}
