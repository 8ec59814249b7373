import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/fields';
import { LANGUAGE_NAMES } from '../../src/features/accounts/language/language-names';
import { BCP47, formattingLocale, fromBrowserTag } from '../../src/shared/i18n/languages';

/**
 * Our codes (hk, jp, vn, spa, kr, my...) are the spec's and stay on the wire; every `lang` attribute
 * carries the BCP 47 tag instead, so screen readers and axe know the language.
 */
describe('BCP 47 tags for the 21 languages', () => {
  it('covers every language with a distinct tag', () => {
    expect(Object.keys(BCP47).sort()).toEqual([...LANGUAGES].sort());
    expect(new Set(Object.values(BCP47)).size).toBe(LANGUAGES.length);
  });

  it.each([...LANGUAGES])('%s has a canonical tag naming its own language', (code) => {
    const tag = BCP47[code];
    expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
    // The tag's language, named in itself, is (part of) the name the picker shows for this code.
    const language = new Intl.Locale(tag).language;
    const ownName = new Intl.DisplayNames([tag], { type: 'language' }).of(language)!;
    expect(LANGUAGE_NAMES[code].toLocaleLowerCase(tag)).toContain(ownName.toLocaleLowerCase(tag));
    // And a browser sending that tag gets this language back.
    expect(fromBrowserTag(tag)).toBe(code);
  });

  it('writes Hong Kong Chinese in traditional script', () => {
    expect(new Intl.Locale(BCP47.hk).maximize().script).toBe('Hant');
  });
});

describe('the formatting locale', () => {
  it.each([...LANGUAGES])('%s writes figures in Latin digits, as prices are typed and times come', (code) => {
    const locale = formattingLocale(code);
    expect(new Intl.Locale(locale).language).toBe(new Intl.Locale(BCP47[code]).language);
    expect(new Intl.NumberFormat(locale).format(1234567.5).replace(/\D/g, '')).toBe('12345675');
  });
  it.each([...LANGUAGES])('%s dates by the Gregorian calendar, as orders are dated', (code) => {
    const year = new Intl.DateTimeFormat(formattingLocale(code), { year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 28));
    expect(year.replace(/\D/g, '')).toBe('2026');
  });
});
