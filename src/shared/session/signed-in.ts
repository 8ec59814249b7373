import type { Session } from '../../../contract/session';
import { leaveFor } from '../navigation/back';
import { safeReturn } from '../navigation/safe-return';
import { connectSession } from '../../../machines/accounts/session.connect';
import { sessionActor } from '../root/root-actor';

/** After login, registration or demo: start the session and go back where the user came from. */
export function signedIn(session: Session, from: string | null) {
  const actor = sessionActor();
  const target = safeReturn(from ?? connectSession(actor.getSnapshot()).returnTo);
  actor.send({ type: 'SESSION.START', session });
  actor.send({ type: 'SESSION.RETURNED' });
  leaveFor(target);
}
