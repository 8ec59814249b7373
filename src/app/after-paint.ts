import { countScreenDepth } from '../shared/navigation/screen-depth';
import { registerServiceWorker } from './service-worker';

/**
 * What the app starts once its first screen is on its way, so that its code is not in the first
 * paint's bytes: the count of its own screens that back buttons go by, and the service worker.
 */
export function afterPaint(): void {
  countScreenDepth();
  registerServiceWorker();
}
