import type { z } from 'zod/mini';
import type { CallDef } from '../../contract/define';
import { withLooseFieldsRead } from '../../server/platform/http/validation';

/**
 * Inputs the contract refuses, made from each call's own zod schema: a plausible value for every
 * field, then one field (or two) replaced by a hostile one. Only inputs that fail the schema are
 * kept, so the server must refuse every one of them and change nothing.
 */
export const HOSTILE: unknown[] = [
  '', ' ', 'abc', '0x10', '0b1', '0o7', '1e-308', '1e308', '-1', '-0', '0', 'NaN', 'Infinity', '-Infinity', '1,5', '1.5.5',
  '9'.repeat(40), '0.0000000000001', 'x'.repeat(5000), '<script>alert(1)</script>', "' OR 1=1 --", '\u0000', 'a\u0000b', '\u202e\u0041',
  '%00', '../../etc/passwd', '[object Object]', 'true', 'null', '{"a":1}', '🙂'.repeat(300), 'ｆｕｌｌ', '٣', ['1', '2'], { a: 1 },
];

/** Values a field is tried with until one passes: the plausible base of an input. */
const PLAUSIBLE: unknown[] = [
  '1', '2', '10', 'a', 'EURUSD', 'ann@example.com', 'secret123', '123456', 'waiting', 'pending', 'finance', 'en', '15min',
  '00000000-0000-4000-8000-000000000000', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', '/api/common/image/AAAAAAAAAAAAAAAAAAAAAAAA', 'email',
];

type Shape = Record<string, z.ZodMiniType>;

/** The object shape under a call's refinements and transforms, if its request is an object. */
export function shapeOf(schema: z.ZodMiniType): Shape | undefined {
  let current = schema as unknown as { def: { type: string; in?: unknown; innerType?: unknown }; shape?: Shape };
  for (let i = 0; i < 5; i++) {
    if (current.def.type === 'object') return current.shape;
    const next = current.def.in ?? current.def.innerType;
    if (!next) return undefined;
    current = next as typeof current;
  }
  return undefined;
}

function plausible(field: z.ZodMiniType): unknown {
  if (field.safeParse(undefined).success) return undefined;
  for (const value of PLAUSIBLE) if (field.safeParse(value).success) return value;
  const entries = (field as unknown as { def?: { entries?: Record<string, unknown> } }).def?.entries;
  return entries ? Object.values(entries)[0] : 'a';
}

export function* badInputs(call: CallDef, random: () => number): Generator<Record<string, unknown>> {
  const shape = shapeOf(call.request) ?? {};
  const base = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, plausible(field)]).filter(([, v]) => v !== undefined));
  const keys = Object.keys(shape);
  // Judged as the server will see it: a query or form carries text (and repeated keys as lists).
  const onWire = (input: Record<string, unknown>) => (call.encoding === 'json' ? input : Object.fromEntries(Object.entries(input).map(([k, v]) =>
    [k, Array.isArray(v) ? v.map(textOf) : textOf(v)])));
  // Text with a NUL passes the schemas, but no text column can hold it: the server refuses it too.
  // Blank optional fields and numbers for text are read as the server reads them (left out, digits).
  const refused = (input: Record<string, unknown>) => JSON.stringify(input).includes('\\u0000')
    || !call.request.safeParse(withLooseFieldsRead(call.request, onWire(input))).success;
  for (const key of keys) {
    for (const value of HOSTILE) {
      const input = { ...base, [key]: value };
      if (refused(input)) yield input;
    }
    const without = { ...base };
    delete without[key];
    if (refused(without)) yield without;
  }
  // Two fields at once, and unknown keys beside a broken one.
  for (let i = 0; i < 10 && keys.length > 0; i++) {
    const a = keys[Math.floor(random() * keys.length)]!;
    const b = keys[Math.floor(random() * keys.length)]!;
    const input = { ...base, [a]: HOSTILE[Math.floor(random() * HOSTILE.length)], [b]: HOSTILE[Math.floor(random() * HOSTILE.length)], __proto__x: '1', constructor: 'x' };
    if (refused(input)) yield input;
  }
}

/** How a value travels in a query string or a form. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
