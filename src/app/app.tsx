import { StrictMode, useSyncExternalStore } from 'react';
import { RawIntlProvider } from 'react-intl';
import { languageStore } from '../shared/i18n/language-store';
import { currentIntl } from '../shared/i18n/intl';
import { Shell } from './shell';

/** Re-renders the whole tree only when the language changes. */
export function App() {
  useSyncExternalStore(languageStore.subscribe, languageStore.get);
  const intl = currentIntl();
  return (
    <StrictMode>
      <RawIntlProvider value={intl} key={intl.locale}>
        <Shell />
      </RawIntlProvider>
    </StrictMode>
  );
}
