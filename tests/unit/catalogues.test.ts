import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/fields';

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

// A placeholder is `{name}` or the head of an ICU form, `{name, plural, ...}`.
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
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
