import { socketMachine } from '../../../machines/shared/socket';
import { apiBase } from '../api/client';
import { languageStore } from '../i18n/language-store';
import { connectionActor, socketUrl } from './connection';

/** The socket machine over a real connection, in the current language (read at each connect). */
export const socketBinding = socketMachine.provide({
  actors: { connection: connectionActor(() => socketUrl(apiBase(), languageStore.lang())) },
});
