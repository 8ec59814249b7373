import { configureApi } from '../shared/api/client';
import { languageStore } from '../shared/i18n/language-store';
import { t } from '../shared/i18n/intl';
import { themeStore } from '../shared/ui/theme';
import { toastStore } from '../shared/ui/toast-store';
import { currentPath, go, hashRoute, loginPath } from '../shared/navigation/navigation';
import { sessionActor, startRoot } from '../shared/root/root-actor';
import { currentToken } from '../shared/session/session';
import { arriveAt } from './arrival';

/** Everything the app does once before the first screen. */
export async function boot(): Promise<void> {
  // Links of the family's form (`/#/register?invite_code=X`) open the same screen here.
  const fromHash = hashRoute(location);
  if (fromHash) history.replaceState(null, '', fromHash);
  // Every arrival starts at the top (spec section 2; the shell), a step back too, which the browser
  // would otherwise scroll to where it was.
  history.scrollRestoration = 'manual';

  themeStore.init();
  await languageStore.init();
  // The session, the socket and the quotes list, for the whole visit.
  startRoot();
  configureApi({
    token: currentToken,
    lang: languageStore.lang,
    sessionInvalid: (initial) => sessionActor().send({ type: 'SESSION.EXPIRE', from: currentPath(), initial }),
    transportMessage: (status) => (status === undefined ? t('common.networkDown') : t('common.networkError', { code: status })),
  });

  const session = sessionActor();
  // A session found ended as the app starts leaves a visitor where they are; a screen that needs login sends them on.
  session.on('expired', ({ from, initial }) => initial || go(loginPath(from), true));
  session.on('loggedOut', () => {
    toastStore.show(t('system.loggedOut'));
    go('/', true);
  });
  // The first screen's data is asked for now, not after React's first commit: on `/` at 150 ms a
  // round trip, the rows show about 150 ms sooner (docs/live.md).
  arriveAt(location.pathname);

  void checkSiteStatus();
  // Staff may pause or close the site at any time: asked again every minute, and when the page is back.
  setInterval(() => void checkSiteStatus(), SITE_STATUS_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkSiteStatus();
  });
}

const SITE_STATUS_EVERY_MS = 60_000;

/** Asks whether staff closed or paused the site (site-status.ts, its own chunk). */
async function checkSiteStatus() {
  try {
    await (await import('./site-status')).checkSiteStatus();
  } catch {
    // Unreachable server: the screens say so on their own calls.
  }
}
