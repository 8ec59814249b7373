import { BCP47, DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, type Language } from '../../../contract/fields';

export { BCP47, formattingLocale } from '../../../contract/fields';

export const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** One of our codes for a stored code (`tw` is `hk`), else undefined. */
export function normalise(code: string | undefined): Language | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  if (lower === 'tw') return 'hk';
  return isLanguage(lower) ? lower : undefined;
}

/** Our code for a browser language tag (`ja-JP` -> jp, `zh-TW` -> hk), else undefined. */
export function fromBrowserTag(tag: string): Language | undefined {
  const base = tag.toLowerCase().split('-')[0]!;
  if (base === 'zh') return 'hk';
  const match = (Object.entries(BCP47) as [Language, string][]).find(([, bcp]) => bcp.split('-')[0] === base);
  return match?.[0];
}

/** A stored choice wins; else the first browser language we offer; else the default. */
export function pickLanguage(stored: string | undefined, browser: readonly string[]): Language {
  return normalise(stored) ?? browser.map(fromBrowserTag).find((l) => l !== undefined) ?? DEFAULT_LANGUAGE;
}

export const isRtl = (lang: Language) => RTL_LANGUAGES.includes(lang);
