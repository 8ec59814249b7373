import { startSocket } from '../shared/live/socket';
import { productListActor } from '../shared/root/root-actor';

/** The path boot() arrived on before the first render; the shell's first arrival there is that one. */
let arrivedBeforeRender: string | undefined;

/**
 * What every arrival on a screen starts (spec): the realtime connection (a no-op while connected)
 * and, on / and /trade, loading or refreshing the quotes list. boot() arrives on the first screen
 * before React renders anything, so the list is on its way while the screen is built. The shell
 * arrives on every screen it shows; on the first, boot() already has.
 */
export function arrive(path: string, { beforeRender = false } = {}) {
  if (beforeRender) arrivedBeforeRender = path;
  else if (path === arrivedBeforeRender) {
    arrivedBeforeRender = undefined;
    return;
  }
  startSocket();
  if (path === '/' || path === '/trade') productListActor().send({ type: 'LIST.REFRESH' });
}
