import { go, hashRoute } from '../shared/navigation/navigation';
import { countScreenDepth } from '../shared/navigation/screen-depth';
import { registerServiceWorker } from './service-worker';

/**
 * What the app starts once its first screen is on its way, so that its code is not in the first
 * paint's bytes: the count of its own screens that back buttons go by, the service worker, and the
 * links of the family's form (`/#/register?invite_code=X`) followed while the app is open, which
 * open their screen as they do on a first load (boot.ts).
 */
export function afterPaint(): void {
  countScreenDepth();
  registerServiceWorker();
  addEventListener('hashchange', () => {
    const to = hashRoute(location);
    if (to) go(to, true);
  });
}
