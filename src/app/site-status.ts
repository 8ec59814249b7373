import { accountCalls } from '../../contract/account';
import { call } from '../shared/api/client';
import { pauseStore } from '../shared/pause/pause-store';

/** `companyStatus.status` of a site that is open. */
const SITE_OPEN = 0;

/**
 * Staff can close the site: any other status sends the browser to `loss_url` (spec section 8); and
 * pause parts of it. Loaded after boot, so the first paint does without the account calls.
 */
export async function checkSiteStatus() {
  const status = await call(accountCalls.companyStatus, {}, { initial: true, showErrorMessage: false });
  if (status.status !== SITE_OPEN && /^https?:\/\//.test(status.loss_url)) location.assign(status.loss_url);
  // Paused trading, deposits or withdrawals: their screens show staff's message as a banner.
  pauseStore.set(status.paused ?? {});
}
