import { z } from 'zod/mini';

/**
 * Field builders shared by every call. Query strings and form bodies carry text, so numbers are
 * read from plain decimal text only; every string and number has bounds so a 10 KB value or a
 * 1e20 is refused by name.
 */
export const LANGUAGES = [
  'hk', 'en', 'jp', 'kr', 'th', 'vn', 'fr', 'de', 'ru', 'spa', 'pt',
  'ar', 'it', 'tr', 'id', 'my', 'hi', 'cs', 'fa', 'fi', 'et',
] as const;
export type Language = (typeof LANGUAGES)[number];
/** BCP 47 tags for Intl formatting and the `lang` attribute (the client's), and the server's numbers in messages. */
export const BCP47: Record<Language, string> = {
  hk: 'zh-HK', en: 'en', jp: 'ja', kr: 'ko', th: 'th', vn: 'vi', fr: 'fr', de: 'de', ru: 'ru', spa: 'es',
  pt: 'pt', ar: 'ar', it: 'it', tr: 'tr', id: 'id', my: 'ms', hi: 'hi', cs: 'cs', fa: 'fa', fi: 'fi', et: 'et',
};
/**
 * The locale numbers and dates are written in: the language's own, with Latin digits and the
 * Gregorian calendar. Arabic and Persian would otherwise write formatted figures in their own digits
 * beside the Latin ones of prices typed, times and counts, as trading screens in those languages do
 * not; Thai and Persian would date a ranking in another year (2569, 1405) than the orders' 2026.
 */
export const formattingLocale = (lang: Language) => `${BCP47[lang]}-u-ca-gregory-nu-latn`;
export const DEFAULT_LANGUAGE: Language = 'hk';
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'fa'];

export const text = (max = 255) => z.string().check(z.trim(), z.maxLength(max));
export const requiredText = (max = 255) => text(max).check(z.minLength(1));

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** PostgreSQL's `integer`: every id, count and enum of the wire fits it. */
const INT_LIMIT = 2_147_483_647;
/** No price or amount of the platform comes near a trillion; the money and price columns hold 10^14. */
const DECIMAL_LIMIT = 1e12;
/** The issue of a decimal with more places than it may have; the server names it in the trader's language. */
export const DECIMALS_MESSAGE = 'has too many decimal places';

/**
 * Text becomes a number only when it is plain decimal digits: '' , '0x10', '0b1', '1e5' and ' 1 2'
 * stay text, so the number schema refuses them by name instead of reading 0, 16 or 1.
 */
const strictly = (pattern: RegExp) => (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return pattern.test(trimmed) ? Number(trimmed) : value;
};

/**
 * Decimal text with more places than `places`, or more digits than a number holds
 * ("10.009999999999999999" would be read as 10.01, rounded up unseen), is refused as such; within
 * the limit, text becomes a number as `strictly` makes it.
 */
const exactly = (places: number) => (value: unknown, ctx: { issues: z.core.$ZodRawIssue[] }) => {
  const read = strictly(DECIMAL)(value);
  if (typeof value !== 'string' || typeof read !== 'number' || Math.abs(read) >= DECIMAL_LIMIT) return read;
  const [whole = '', fraction = ''] = value.trim().replace(/^-/, '').split('.');
  const digits = fraction.replace(/0+$/, '');
  const kept = `${whole.replace(/^0+(?=\d)/, '')}${digits ? `.${digits}` : ''}`;
  if (digits.length <= places && Math.abs(read).toFixed(digits.length) === kept) return read;
  ctx.issues.push({ code: 'custom', message: DECIMALS_MESSAGE, input: value });
  return z.NEVER;
};

type Read = (value: unknown, ctx: { issues: z.core.$ZodRawIssue[] }) => unknown;
const strictNumber = (read: Read, inner: z.ZodMiniNumber) => z.pipe(z.transform(read), inner);

/** A number from text or JSON, strictly parsed; `positive`, `min` and `max` narrow it further. */
export type NumberField = ReturnType<typeof strictNumber> & {
  positive(): NumberField;
  min(value: number): NumberField;
  max(value: number): NumberField;
};

function numberField(read: Read, inner: z.ZodMiniNumber): NumberField {
  return Object.assign(strictNumber(read, inner), {
    positive: () => numberField(read, inner.check(z.positive())),
    min: (value: number) => numberField(read, inner.check(z.gte(value))),
    max: (value: number) => numberField(read, inner.check(z.lte(value))),
  });
}

/** An integer that may arrive as text ("3") from a query or form; within PostgreSQL's integer. */
export const int = () => numberField(strictly(INTEGER), z.number().check(z.int(), z.gte(-INT_LIMIT), z.lte(INT_LIMIT)));
export const positiveInt = () => int().min(1);
/** A moment in epoch milliseconds (beyond `int`'s range). */
export const epochMs = () => numberField(strictly(INTEGER), z.number().check(z.int(), z.gte(1), z.lte(8.64e15)));
/**
 * A decimal that may arrive as text; below a trillion, with no more decimal places than its column
 * keeps (money 6), so nothing is rounded away unseen: neither by the column nor in reading the text.
 */
export const decimal = (places = 10) =>
  numberField(exactly(places), z.number().check(z.gt(-DECIMAL_LIMIT), z.lt(DECIMAL_LIMIT),
    z.refine<number>((v) => +v.toFixed(places) === v, { message: DECIMALS_MESSAGE })));

/** One of the given integers, arriving as number or text. */
/** How an integer field names the values it takes, for the server's message ("Type must be one of: 1, 2"). */
export const ONE_OF = 'must be one of: ';
export const intEnum = <const T extends readonly [number, ...number[]]>(...values: T) =>
  z.pipe(
    z.pipe(z.transform(strictly(INTEGER)), z.number().check(z.refine<number>((v) => values.includes(v), { message: `${ONE_OF}${values.join(', ')}` }))),
    z.transform((v: number) => v as T[number]),
  );

export const email = () =>
  z.pipe(z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email()), z.transform((v: string) => v.toLowerCase()));
export const password = () => z.string().check(z.minLength(6, 'must be at least 6 characters'), z.maxLength(128));
export const emailCode = () => z.string().check(z.trim(), z.regex(/^\d{6}$/, 'must be 6 digits'));
export const inviteCode = () => z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{0,16}$/, 'must be letters and digits'));

/** Money as the wire carries it: a number or a decimal string (up to 6 places). */
export const money = () => z.union([z.number(), z.string().check(z.regex(/^-?\d+(\.\d+)?$/))]);

/** Paged list request and answer outside trading: `{data, total}`. */
export const pageQuery = { page: z._default(positiveInt(), 1), limit: z.optional(positiveInt().max(100)) };
export const paged = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item), total: z.int() });
