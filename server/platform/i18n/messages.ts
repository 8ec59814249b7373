import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BCP47, DEFAULT_LANGUAGE, formattingLocale, LANGUAGES, type Language } from '../../../contract/fields';
import en from './catalogues/en.json' with { type: 'json' };

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogues');
const catalogues = new Map<Language, Catalogue>(
  LANGUAGES.map((lang) => {
    const file = path.join(dir, `${lang}.json`);
    const own = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Catalogue>) : {};
    return [lang, { ...en, ...own }];
  }),
);

/**
 * The 21 codes, and the standard tags a client may send instead (`en-US`, `ja`, `zh-TW`): the whole
 * tag, else its language. The product's own codes win where a tag means another language (`my` is
 * Malay here, Burmese in BCP 47).
 */
const BY_CODE = new Map<string, Language>([
  ...LANGUAGES.flatMap((lang) => [BCP47[lang], BCP47[lang].split('-')[0]!].map((tag) => [tag.toLowerCase(), lang] as const)),
  ['tw', 'hk'],
  ...LANGUAGES.map((lang) => [lang, lang] as const),
]);

/** The language of a request's `lang` header: one of the 21 or a standard tag of one (above), else the default. */
export function languageOf(header: unknown): Language {
  const code = typeof header === 'string' ? header.trim().toLowerCase().replace(/_/g, '-') : '';
  return BY_CODE.get(code) ?? BY_CODE.get(code.split('-')[0]!) ?? DEFAULT_LANGUAGE;
}

/** A sum of money in a message, shown with exactly `dp` places. */
export interface AmountParam { amount: string; dp: number }
/** Text goes in as it is; numbers and amounts are written the reader's way (1,000,000 or 1.000.000). */
export type MessageParams = Record<string, string | number | AmountParam>;

/**
 * ICU's plural form, the one part of it the catalogues need ("in 1 second", "in 5 seconds", and
 * Arabic's six forms): `{seconds, plural, one {# second} other {# seconds}}`, the branch chosen by the
 * language's plural rules and `#` standing for the number.
 */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const BRANCH = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

function choosePlurals(lang: Language, template: string, params: MessageParams): string {
  return template.replace(PLURAL, (_, name: string, branches: string) => {
    const value = params[name];
    const count = typeof value === 'number' ? value : Number(typeof value === 'string' ? value : value?.amount);
    const forms = new Map([...branches.matchAll(BRANCH)].map(([, form, text]) => [form!, text!]));
    const text = forms.get(`=${count}`) ?? forms.get(new Intl.PluralRules(formattingLocale(lang)).select(count)) ?? forms.get('other') ?? '';
    return text.replace(/#/g, `{${name}}`);
  });
}

export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = choosePlurals(lang, catalogues.get(lang)?.[key] ?? en[key], params);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{${name}}`;
    if (typeof value === 'string') return value;
    const [number, dp] = typeof value === 'number' ? [value, undefined] : [Number(value.amount), value.dp];
    return new Intl.NumberFormat(formattingLocale(lang), { minimumFractionDigits: dp, maximumFractionDigits: dp ?? 8 }).format(number);
  });
}

/**
 * A request field as the reader calls it ("Amount", not the wire's `number`), for the messages that
 * name a field; a field without a label of its own keeps its wire name.
 */
export function fieldLabel(lang: Language, field: string): string {
  const key = `label_${field}` as MessageKey;
  return key in en ? (catalogues.get(lang)?.[key] ?? en[key]) : field;
}
