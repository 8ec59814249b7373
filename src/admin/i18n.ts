import { LANGUAGES, type Language } from '../../contract/fields';
import { BCP47, isRtl, pickLanguage } from '../shared/i18n/languages';

/**
 * The back-office's catalogues (`./messages/<lang>.json`), English first: a language without its
 * own catalogue yet shows in English, and the server is asked in English too, so the page never
 * mixes two languages. Adding a catalogue file is all another language needs.
 */
type Messages = Record<string, string>;
const catalogues = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const STORED = 'td.admin.language';

export const hasCatalogue = (lang: Language) => `./messages/${lang}.json` in catalogues;
export const availableLanguages = () => LANGUAGES.filter(hasCatalogue);

function stored(): string | undefined {
  try {
    return localStorage.getItem(STORED) ?? undefined;
  } catch {
    return undefined;
  }
}

export interface Catalogue {
  lang: Language;
  locale: string;
  messages: Messages;
}

export async function loadCatalogue(): Promise<Catalogue> {
  const picked = pickLanguage(stored(), navigator.languages ?? [navigator.language]);
  const lang: Language = hasCatalogue(picked) ? picked : 'en';
  document.documentElement.lang = BCP47[lang];
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  return { lang, locale: BCP47[lang], messages: await catalogues[`./messages/${lang}.json`]!() };
}
