import { connectSession } from '../../../machines/accounts/session.connect';
import { sessionActor } from '../root/root-actor';

/** The token calls and the socket login carry; undefined for a visitor. */
export const currentToken = () => connectSession(sessionActor().getSnapshot()).token;
