import { createActor, type ActorRefFrom } from 'xstate';
import { DAY_MARKET, FOREX_CLOSED, FOREX_TRADE } from '../../../contract/socket';
import { socketMachine } from '../../../machines/shared/socket';
import { apiBase } from '../api/client';
import { actorOptions } from '../flow/inspector';
import { currentToken, sessionActor } from '../session/session';
import { languageStore } from '../i18n/language-store';
import { connectionActor, socketUrl } from './connection';

let actor: ActorRefFrom<typeof socketMachine> | undefined;

/** The app's one realtime connection; the market topic is always on. */
export function socketActor() {
  if (actor) return actor;
  const machine = socketMachine.provide({ actors: { connection: connectionActor(() => socketUrl(apiBase(), languageStore.lang())) } });
  actor = createActor(machine, { input: { token: currentToken() }, systemId: 'socket', ...actorOptions() });
  actor.start();
  // The account topics are refused until a login succeeds; the machine subscribes again after it.
  for (const topic of [DAY_MARKET, FOREX_TRADE, FOREX_CLOSED]) actor.send({ type: 'TOPIC.SUBSCRIBE', topic });

  sessionActor().subscribe((s) => actor!.send({ type: 'SESSION.TOKEN', token: s.context.session?.token }));
  window.addEventListener('online', () => actor!.send({ type: 'NETWORK.ONLINE' }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') actor!.send({ type: 'PAGE.VISIBLE' });
  });
  return actor;
}

/** Spec: the realtime connection is started on every navigation (a no-op while connected). */
export const startSocket = () => socketActor().send({ type: 'SOCKET.START' });
