import { startSocket } from '../shared/live/socket';
import { productListActor } from '../shared/root/root-actor';

let current: string | undefined;

/**
 * What arriving on a route starts: the realtime connection and, on / and /trade, loading or
 * refreshing the quotes list (spec); on /order, loading it once. Boot calls it for the first route
 * before React renders, so the list is asked for while the screen's chunk loads; the shell calls it
 * on every navigation.
 * Once per arrival, however often it is called for the same one.
 */
export function arriveAt(path: string) {
  if (path === current) return;
  current = path;
  startSocket();
  const list = productListActor();
  if (path === '/' || path === '/trade') list.send({ type: 'LIST.REFRESH' });
  // /order prices a pending order on a shut market from the list's last bid and ask (no tick comes):
  // asked for once, when no screen has loaded it yet.
  else if (path === '/order' && list.getSnapshot().matches('idle')) list.send({ type: 'LIST.REFRESH' });
}
