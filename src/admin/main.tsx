import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import './admin.css';
import { AdminApp } from './app';
import { configureStaffApi } from './api';
import { staffSessionFlow } from './flows';
import { loadCatalogue } from './i18n';
import { actorOptions, startInspector } from '../shared/flow/inspector';
import { createIntl } from 'react-intl';
import { keepFocusThroughDisabling } from '../shared/ui/focus-keeper';
import { keepFocusInPlace } from './focus-place';

/** The staff token lives as long as the tab (sessionStorage); the server ends it after 8 hours. */
const TOKEN_KEY = 'td.admin.token';
const keptToken = () => {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};
const keepToken = (token: string | undefined) => {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused: the session lasts until the page is left.
  }
};

await startInspector();
const catalogue = await loadCatalogue();
const intl = createIntl({ locale: catalogue.locale, messages: catalogue.messages, defaultLocale: 'en' });
// One session actor for the page: the API client reads its token and tells it of a 999.
const session = createActor(staffSessionFlow(keepToken), { input: { token: keptToken() }, ...actorOptions() });
configureStaffApi({
  token: () => session.getSnapshot().context.token,
  lang: () => catalogue.lang,
  sessionInvalid: () => session.send({ type: 'SESSION.EXPIRE' }),
  transportMessage: (status) => (status === undefined ? intl.formatMessage({ id: 'common.networkDown' }) : intl.formatMessage({ id: 'common.networkError' }, { code: status })),
});
session.start();
keepFocusThroughDisabling();
keepFocusInPlace();
createRoot(document.getElementById('root')!).render(<AdminApp session={session} catalogue={catalogue} />);
