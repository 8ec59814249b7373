import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { BCP47, LANGUAGES, type Language } from '../../contract/fields';
import { BUY, SELL } from '../../domain/types';
import { kindOrSideLabel } from '../../machines/trading/pending-kind';

/** Every language has every string, with the same placeholders, and no English left behind. */
const catalogues = [
  { name: 'client', dir: 'src/shared/i18n/messages', sameAsEnglish: [] as string[] },
  // The shared strings the first paint does without, loaded with every other screen.
  { name: 'client screens', dir: 'src/shared/screens/messages', sameAsEnglish: ['app.name', 'user.uid'] },
  // Each feature that has its own strings keeps them beside it, loaded with its screens. The chart's
  // price tags say SL and TP as traders write them in most languages; German, Indonesian and Malay
  // say "Status" too.
  ...fs.readdirSync('src/features').filter((f) => fs.existsSync(`src/features/${f}/messages`))
    .map((f) => ({ name: `client ${f}`, dir: `src/features/${f}/messages`, sameAsEnglish: ['form.password', 'chart.slShort', 'chart.tpShort', 'orders.status'] })),
  // German says "Name" too; "Status", "ID", "Type", "Page" and "Logo" are the words several languages use.
  { name: 'server', dir: 'server/platform/i18n/catalogues', sameAsEnglish: ['label_password', 'label_name', 'label_status', 'label_id', 'label_type', 'label_page', 'label_logo'] },
];

/** The arguments a message takes: `{name}`, and the heads of ICU forms (`{name, plural, ...}`) with what their options take. */
const placeholders = (text: string): string[] => [...new Set(argumentsOf(parse(text)))].sort();
const argumentsOf = (elements: MessageFormatElement[]): string[] => elements.flatMap((element) => [
  ...('value' in element && element.type !== TYPE.literal ? [element.value] : []),
  ...('options' in element ? Object.values(element.options).flatMap((option) => argumentsOf(option.value)) : []),
  ...('children' in element ? argumentsOf(element.children) : []),
]);
const load = (dir: string, lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, string>;

describe.each(catalogues)('$name catalogues', ({ dir, sameAsEnglish }) => {
  const en = load(dir, 'en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, its placeholders, and no English', (lang) => {
    const messages = load(dir, lang);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      expect(placeholders(messages[key]!), `${lang} ${key}`).toEqual(placeholders(english));
      // Figures are written with Latin digits in every language (formattingLocale), typed ones too.
      expect(messages[key], `${lang} ${key} has non-Latin digits`).not.toMatch(/(?![0-9])\p{Nd}/u);
      // Italian keeps "Password", as Italian apps do.
      if (!sameAsEnglish.includes(key) && english.replace(/\{\w+\}/g, '').trim() !== '') {
        expect(messages[key], `${lang} ${key} is still English`).not.toBe(english);
      }
    }
  });
});

describe('counts in words', () => {
  const note = (lang: Language, values: Record<string, number>) =>
    new IntlMessageFormat(load('src/features/ranking/messages', lang)['rank.note']!, BCP47[lang]).format(values) as string;

  it('agree with their number: "21 день", "3 дня" in Russian, "1 closed trade" in English', () => {
    expect(note('ru', { trades: 5, days: 21 })).toContain('не менее 5 закрытых сделок за последние 21 день;');
    expect(note('ru', { trades: 2, days: 3 })).toContain('за последние 3 дня;');
    expect(note('ru', { trades: 5, days: 30 })).toContain('за последние 30 дней;');
    expect(note('en', { trades: 1, days: 1 })).toContain('at least 1 closed trade in the last day;');
    expect(note('en', { trades: 5, days: 21 })).toContain('at least 5 closed trades in the last 21 days;');
  });
});

describe('a transport error', () => {
  it('has words without a code in every language, the same words its coded message starts with', () => {
    for (const lang of LANGUAGES) {
      const messages = load('src/shared/i18n/messages', lang);
      expect(messages['common.networkError']!.startsWith(messages['common.networkDown']!), lang).toBe(true);
    }
  });
});

describe('words in their place', () => {
  const trading = (lang: Language) => load('src/features/trading/messages', lang);

  it('names an order\'s side with a noun and a button with a verb: "Achat", "Acheter"', () => {
    expect([trading('fr')[kindOrSideLabel(BUY, undefined)], trading('fr')[kindOrSideLabel(SELL, undefined)]]).toEqual(['Achat', 'Vente']);
    expect([trading('fr')['ticket.buy'], trading('en')[kindOrSideLabel(BUY, undefined)]]).toEqual(['Acheter', 'Buy']);
  });

  it('puts a label before its value with the language\'s own colon', () => {
    const closedBy = (lang: Language) => new IntlMessageFormat(trading(lang)['orders.closedByWho']!, BCP47[lang]).format({ who: 'X' });
    expect([closedBy('en'), closedBy('fr'), closedBy('jp')]).toEqual(['Closed by: X', 'Clôturé par : X', '決済理由：X']);
  });
});
