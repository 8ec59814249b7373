import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { sessionMachine } from '../../../machines/accounts/session';
import { call } from '../api/client';
import { actorOptions } from '../flow/inspector';
import { storage } from '../storage/storage';

let actor: ActorRefFrom<typeof sessionMachine> | undefined;

const logoutRequest = fromPromise(async () => {
  await call(accountCalls.logout, {}, { showErrorMessage: false, initial: true });
});

/** The one session actor of the app, created on first use (after the inspector is ready). */
export function sessionActor() {
  if (!actor) {
    const machine = sessionMachine.provide({
      actors: { logoutRequest },
      actions: { persist: (_, params) => storage.setSession(params.session) },
    });
    actor = createActor(machine, { input: { session: storage.session() }, systemId: 'session', ...actorOptions() });
    actor.start();
  }
  return actor;
}

export const currentToken = () => sessionActor().getSnapshot().context.session?.token;
