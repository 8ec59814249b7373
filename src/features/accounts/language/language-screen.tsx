import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { LANGUAGES } from '../../../../contract/fields';
import { BCP47 } from '../../../shared/i18n/languages';
import { LANGUAGE_NAMES } from './language-names';
import { languageStore } from '../../../shared/i18n/language-store';
import { back } from '../../../shared/navigation/back';
import { Page } from '../../../shared/ui/page';

/** Choose a language, then go back (spec section 2). */
export default function LanguageScreen() {
  const intl = useIntl();
  const current = useSyncExternalStore(languageStore.subscribe, languageStore.lang);
  return (
    <Page title={intl.formatMessage({ id: 'language.title' })}>
      <div className="content">
        <ul className="menu lang-list">
          {LANGUAGES.map((code) => (
            <li key={code}>
              <button type="button" lang={BCP47[code]} aria-current={code === current} data-lang={code}
                onClick={async () => { await languageStore.choose(code); back(); }}>
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Page>
  );
}
