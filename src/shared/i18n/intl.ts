import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { formattingLocale } from './languages';
import { languageStore } from './language-store';

const cache = createIntlCache();
let intl: IntlShape | undefined;
let built: object | undefined;

/** One intl object per chosen catalogue: React (RawIntlProvider) and plain modules share it. */
export function currentIntl(): IntlShape {
  const state = languageStore.get();
  if (!intl || built !== state) {
    intl = createIntl({ locale: formattingLocale(state.lang), messages: state.messages, defaultLocale: 'en' }, cache);
    built = state;
  }
  return intl;
}

/** A translated string outside React (toasts raised by flows). */
export const t = (id: string, values?: Record<string, string | number>) => currentIntl().formatMessage({ id }, values);
