import { z } from 'zod';

/**
 * Field builders shared by every call. Query strings and form bodies carry text, so numbers are
 * coerced; every string has an upper bound so a 10 KB value is refused by name.
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

/** An integer that may arrive as text ("3") from a query or form. */
export const int = () => z.coerce.number().int();
export const positiveInt = () => int().min(1);
/** A decimal that may arrive as text; finite only. */
export const decimal = () => z.coerce.number().finite();

/** One of the given integers, arriving as number or text. */
export const intEnum = <const T extends readonly [number, ...number[]]>(...values: T) =>
  z.coerce
    .number()
    .refine((v): v is T[number] => values.includes(v), { message: `must be one of ${values.join(', ')}` })
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
