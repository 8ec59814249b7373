import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session';

export interface SessionView {
  isSignedIn: boolean;
  isDemo: boolean;
  /** Who may see what: a visitor, a demo account, or a real account. */
  access: 'out' | 'demo' | 'real';
  token: string | undefined;
  email: string;
  /** Where to go after the next login (the session expired there). */
  returnTo: string | undefined;
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
    returnTo: snapshot.context.returnTo,
  };
}
