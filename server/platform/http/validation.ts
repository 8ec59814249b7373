import type { z } from 'zod/mini';
import { MAX_BELOW_MIN } from '../../../contract/backoffice';
import { DECIMALS_MESSAGE, ONE_OF } from '../../../contract/fields';
import { STOPS_REQUIRED } from '../../../contract/trading';
import { latinDigits } from '../../../domain/digits';
import type { MessageKey } from '../i18n/messages';

export interface FieldProblem {
  key: MessageKey;
  params: { field: string; min?: number; values?: string };
}

/** Fields of a few choices name them when refused; longer lists (21 languages) would be noise. */
const MAX_NAMED_CHOICES = 8;

/** The values a refused field takes, when the issue lists a few: an enum's, or an integer choice's (`ONE_OF`). */
function choicesOf(issue: z.core.$ZodIssue): string | undefined {
  const values = issue.code === 'invalid_value' ? issue.values.map(String)
    : issue.code === 'custom' && issue.message.startsWith(ONE_OF) ? issue.message.slice(ONE_OF.length).split(', ') : undefined;
  return values && values.length <= MAX_NAMED_CHOICES && values.every((v) => v !== '') ? values.join(', ') : undefined;
}

/**
 * The field of the issue as the client sent it, and its value there. A field sent as text that the
 * contract reads as a list ("0, 5" for leverages) is named whole: the issue's `value.0` exists only
 * after the contract read it.
 */
function sentField(input: unknown, path: readonly PropertyKey[]): { path: PropertyKey[]; value: unknown } {
  let value = input;
  for (let i = 0; i < path.length; i++) {
    if (!value || typeof value !== 'object') return { path: path.slice(0, i), value };
    value = (value as Record<PropertyKey, unknown>)[path[i]!];
  }
  return { path: [...path], value };
}

/** Fields whose absence is asked for in the sign-in form's own words (spec section 5), not "x is required". */
const ASKED_FOR: Partial<Record<string, MessageKey>> = { account: 'required_account', password: 'required_password', mobile: 'required_mobile' };

/** Logins and resets by mobile carry the national number in `account`: a refusal calls it the mobile number. */
const byMobile = (input: unknown) =>
  !!input && typeof input === 'object' && ((input as { login_type?: unknown }).login_type === 'mobile' || (input as { type?: unknown }).type === 'mobile');

/** Turns the first zod issue into a translatable message that names the field. */
export function describeIssue(error: z.core.$ZodError, input: unknown): FieldProblem {
  const issue = error.issues[0];
  const sent = sentField(input, issue?.path ?? []);
  const path = sent.path.join('.') || 'request';
  const field = path === 'account' && byMobile(input) ? 'mobile' : path;
  if (!issue) return { key: 'field_invalid', params: { field } };
  if (issue.code === 'custom' && issue.message === STOPS_REQUIRED) return { key: 'stops_required', params: { field } };
  const { value } = sent;
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return { key: ASKED_FOR[field] ?? 'field_required', params: { field } };
  if ((issue.code === 'too_big' || issue.code === 'too_small') && (issue.origin === 'number' || issue.origin === 'int')) {
    return { key: 'field_out_of_range', params: { field } };
  }
  if (issue.code === 'too_big') return { key: 'field_too_long', params: { field } };
  if (issue.code === 'too_small' && issue.origin === 'string') {
    const min = Number(issue.minimum);
    return min <= 1 ? { key: 'field_required', params: { field } } : { key: 'field_too_short', params: { field, min } };
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return { key: 'field_email', params: { field } };
  if (issue.code === 'custom' && issue.message === DECIMALS_MESSAGE) return { key: 'field_decimals', params: { field } };
  if (issue.code === 'custom' && issue.message === MAX_BELOW_MIN) return { key: 'max_below_min', params: { field } };
  const values = choicesOf(issue);
  if (values !== undefined) return { key: 'field_one_of', params: { field, values } };
  return { key: 'field_invalid', params: { field } };
}

/** No call's body nests deeper than a few levels; a deeper one is refused whole, before any walk. */
const MAX_DEPTH = 16;

/** The format characters that show nothing: soft hyphen, zero-width characters, joiners, direction marks and controls, BOM. */
const UNSEEN_CHARS = '\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
/** Any character but spaces and those. */
const SEEN = new RegExp(`[^\\s${UNSEEN_CHARS}]`, 'u');

/**
 * Characters no form should carry: NUL, which no text column can store; control characters no
 * keyboard or paste brings (a terminal's colours, a bell; tabs and line breaks are text); and the
 * direction overrides, which make a name read reversed to whoever reviews it. The embeddings and
 * isolates that phones and messaging apps put around copied text are left to the text.
 */
const NEVER = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u202D\u202E]/u;

/**
 * Text refused as invalid: any of the above, or characters of which none shows, which pass "required"
 * while staff see an empty name or payee account.
 */
// Every string of every call passes here: each test stops at its first match, most at the first character.
const unsafeText = (text: string) => NEVER.test(text) || (!SEEN.test(text) && text.trim() !== '');

/**
 * Fields a person copies character by character into another system (an account number, a coin
 * address, a SWIFT code, an ID number, a contact's phone or mail). What shows nothing in them is
 * taken out, and their digits made Latin, before any rule reads them: a phone in Arabic wraps a
 * copied number in direction marks, a zero-width space beat the check for an account already bound
 * and went with staff's copy into a bank's form, a mark before the digits showed staff
 * "6666 5555 4444" for "4444 5555 6666", and a Persian keyboard types ۱۲۳.
 */
const COPIED = ['payee_account', 'dc_address', 'bank_swift', 'card_id', 'contact'];
const UNSEEN = new RegExp(`[${UNSEEN_CHARS}]`, 'gu');

/** Direction embeddings (LRE, RLE) and isolates (LRI, RLI, FSI), and what ends them (PDF, PDI). */
const DIRECTIONS = /[\u202A-\u202C\u2066-\u2069]/u;

/**
 * The text with its direction embeddings and isolates paired: one left open runs past the field's
 * end, wherever it shows (a payee's name opening an isolate put the account after it out of order
 * for staff), so an opener never closed is dropped, as is a closer with nothing to close. Those
 * phones and messaging apps put around copied text come in pairs, and stay.
 */
export function pairedDirections(text: string): string {
  if (!DIRECTIONS.test(text)) return text;
  const open: { at: number; isolate: boolean }[] = [];
  const dropped = new Set<number>();
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x202a || c === 0x202b) open.push({ at: i, isolate: false });
    else if (c >= 0x2066 && c <= 0x2068) open.push({ at: i, isolate: true });
    else if (c === 0x202c) {
      // A PDF ends the innermost embedding, never across an isolate.
      if (open.length > 0 && !open.at(-1)!.isolate) open.pop();
      else dropped.add(i);
    } else if (c === 0x2069) {
      // A PDI ends the innermost isolate, and the embeddings opened inside it with it.
      const isolate = open.findLastIndex((o) => o.isolate);
      if (isolate >= 0) open.length = isolate;
      else dropped.add(i);
    }
  }
  for (const o of open) dropped.add(o.at);
  if (dropped.size === 0) return text;
  // By UTF-16 unit, as counted above: an emoji's two halves stay together, since none is dropped.
  let kept = '';
  for (let i = 0; i < text.length; i += 1) if (!dropped.has(i)) kept += text[i];
  return kept;
}

/**
 * Every string of the input, as deep as any call's goes, with its directions paired (above); the
 * input itself when none changed. Deeper input is refused whole afterwards (`fieldWithUnsafeText`).
 */
function withDirectionsPaired(input: unknown, depth = 0): unknown {
  if (typeof input === 'string') return pairedDirections(input);
  if (!input || typeof input !== 'object' || depth >= MAX_DEPTH) return input;
  let changed = false;
  const entries = Object.entries(input).map(([key, value]) => {
    const paired = withDirectionsPaired(value, depth + 1);
    changed ||= paired !== value;
    return [key, paired] as const;
  });
  if (!changed) return input;
  return Array.isArray(input) ? entries.map(([, value]) => value) : Object.fromEntries(entries);
}

/**
 * The input with its copied fields (top level, where every call has them) cleaned as above, and
 * every text's directions paired.
 */
export function withTextCleaned(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const fields = withDirectionsPaired(input) as Record<string, unknown>;
  if (!COPIED.some((key) => typeof fields[key] === 'string')) return fields;
  const cleaned = { ...fields };
  for (const key of COPIED) {
    const value = fields[key];
    if (typeof value === 'string') cleaned[key] = latinDigits(value.replace(UNSEEN, ''));
  }
  return cleaned;
}

/**
 * The path of the first string in the input that holds unsafe text (above), or `request` for input
 * nested deeper than any call's: such input is refused as invalid before it reaches a query (and a
 * walk of thousands of levels cannot exhaust the stack). Blank text is left to the call's rules.
 */
export function fieldWithUnsafeText(input: unknown, path: string[] = []): string | undefined {
  if (typeof input === 'string') return unsafeText(input) ? path.join('.') || 'request' : undefined;
  if (!input || typeof input !== 'object') return undefined;
  if (path.length >= MAX_DEPTH) return 'request';
  for (const [key, value] of Object.entries(input)) {
    const found = fieldWithUnsafeText(value, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

type Shape = Record<string, z.ZodMiniType>;
type SchemaDef = { type: string; shape?: Shape; in?: z.ZodMiniType; options?: z.ZodMiniType[]; discriminator?: string };

const accepts = (field: z.ZodMiniType, value: unknown) => field.safeParse(value).success;

/**
 * The fields a call's request schema reads from this input: an object's, one read through a pipe,
 * or the option of a discriminated union that the input's discriminator picks.
 */
function shapeOf(schema: z.ZodMiniType, input: Record<string, unknown>): Shape | undefined {
  const def = schema._zod.def as SchemaDef;
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in, input);
  if (def.type === 'union' && def.discriminator) {
    const key = def.discriminator;
    return def.options?.map((option) => shapeOf(option, input)).find((shape) => shape?.[key] && accepts(shape[key], input[key]));
  }
  return undefined;
}

/**
 * The input as clients that follow the spec loosely send it, read as they mean it: an optional field
 * left blank or null is one left out (a form that sends every field it has), and a number where the
 * call takes text is that text (a code of digits sent as a JSON number). Only values the field would
 * refuse are read so: a value it takes keeps its meaning.
 */
export function withLooseFieldsRead(schema: z.ZodMiniType, input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const shape = shapeOf(schema, input as Record<string, unknown>);
  if (!shape) return input;
  let read: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(input)) {
    // Own fields only: `constructor` is a field of no call.
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (!field || accepts(field, value)) continue;
    const blank = value === null || (typeof value === 'string' && value.trim() === '');
    if (blank && accepts(field, undefined)) {
      read ??= { ...input };
      delete read[name];
    } else if (typeof value === 'number' && Number.isFinite(value) && accepts(field, String(value))) {
      read ??= { ...input };
      read[name] = String(value);
    }
  }
  return read ?? input;
}

/**
 * The call's input parsed as sent, and only when that is refused, as a loose client means it
 * (above): a valid request pays for one parse. Answers the input the result was parsed from.
 */
export function parseSent<S extends z.ZodMiniType>(schema: S, sent: unknown): { parsed: ReturnType<S['safeParse']>; input: unknown } {
  const first = schema.safeParse(sent) as ReturnType<S['safeParse']>;
  if (first.success) return { parsed: first, input: sent };
  const loose = withLooseFieldsRead(schema, sent);
  return loose === sent ? { parsed: first, input: sent } : { parsed: schema.safeParse(loose) as ReturnType<S['safeParse']>, input: loose };
}
