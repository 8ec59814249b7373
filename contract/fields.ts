import { z } from 'zod';

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
export const DEFAULT_LANGUAGE: Language = 'hk';
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'fa'];

export const text = (max = 255) => z.string().trim().max(max);
export const requiredText = (max = 255) => text(max).min(1);

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** PostgreSQL's `integer`: every id, count and enum of the wire fits it. */
const INT_LIMIT = 2_147_483_647;
/** No price or amount of the platform comes near a trillion; the money and price columns hold 10^14. */
const DECIMAL_LIMIT = 1e12;
/** The finest step a price column keeps (10 places): anything smaller would be stored as 0. */
const DECIMAL_STEP = 1e-10;

/**
 * Text becomes a number only when it is plain decimal digits: '' , '0x10', '0b1', '1e5' and ' 1 2'
 * stay text, so the number schema refuses them by name instead of reading 0, 16 or 1.
 */
const strictly = (pattern: RegExp) => (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return pattern.test(trimmed) ? Number(trimmed) : value;
};

const strictNumber = (pattern: RegExp, inner: z.ZodNumber) => z.preprocess(strictly(pattern), inner);

/** A number from text or JSON, strictly parsed; `positive`, `min` and `max` narrow it further. */
export type NumberField = ReturnType<typeof strictNumber> & {
  positive(): NumberField;
  min(value: number): NumberField;
  max(value: number): NumberField;
};

function numberField(pattern: RegExp, inner: z.ZodNumber): NumberField {
  return Object.assign(strictNumber(pattern, inner), {
    positive: () => numberField(pattern, inner.positive()),
    min: (value: number) => numberField(pattern, inner.min(value)),
    max: (value: number) => numberField(pattern, inner.max(value)),
  });
}

/** An integer that may arrive as text ("3") from a query or form; within PostgreSQL's integer. */
export const int = () => numberField(INTEGER, z.number().int().min(-INT_LIMIT).max(INT_LIMIT));
export const positiveInt = () => int().min(1);
/** A moment in epoch milliseconds (beyond `int`'s range). */
export const epochMs = () => numberField(INTEGER, z.number().int().min(1).max(8.64e15));
/** A decimal that may arrive as text; below a trillion, and 0 or at least 10^-10 in size. */
export const decimal = () =>
  numberField(DECIMAL, z.number().min(-DECIMAL_LIMIT).max(DECIMAL_LIMIT)
    .refine((v) => v === 0 || Math.abs(v) >= DECIMAL_STEP, { message: 'has too many decimal places' }));

/** One of the given integers, arriving as number or text. */
export const intEnum = <const T extends readonly [number, ...number[]]>(...values: T) =>
  z.preprocess(strictly(INTEGER), z.number()
    .refine((v): v is T[number] => values.includes(v), { message: `must be one of ${values.join(', ')}` }))
    .transform((v) => v as T[number]);

export const email = () => z.string().trim().max(254).pipe(z.email()).transform((v) => v.toLowerCase());
export const password = () => z.string().min(6, 'must be at least 6 characters').max(128);
export const emailCode = () => z.string().trim().regex(/^\d{6}$/, 'must be 6 digits');
export const inviteCode = () => z.string().trim().regex(/^[A-Za-z0-9]{0,16}$/, 'must be letters and digits');

/** Money as the wire carries it: a number or a decimal string (up to 6 places). */
export const money = () => z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

/** Paged list request and answer outside trading: `{data, total}`. */
export const pageQuery = { page: positiveInt().default(1), limit: positiveInt().max(100).optional() };
export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });
