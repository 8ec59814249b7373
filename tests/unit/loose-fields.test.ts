import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { withLooseFieldsRead } from '../../server/platform/http/validation';

describe('withLooseFieldsRead', () => {
  const login = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('email'), code: z.string(), note: z.optional(z.string().check(z.minLength(2))) }),
    z.object({ kind: z.literal('mobile'), area: z.optional(z.int()) }),
  ]);

  it('leaves out an optional field sent blank or null that the field refuses', () => {
    expect(withLooseFieldsRead(login, { kind: 'email', code: '1', note: '' })).toEqual({ kind: 'email', code: '1' });
    expect(withLooseFieldsRead(login, { kind: 'mobile', area: null })).toEqual({ kind: 'mobile' });
    expect(withLooseFieldsRead(login, { kind: 'mobile', area: '  ' })).toEqual({ kind: 'mobile' });
  });

  it('reads a number where text is taken as its digits', () => {
    expect(withLooseFieldsRead(login, { kind: 'email', code: 123456 })).toEqual({ kind: 'email', code: '123456' });
  });

  it('keeps what the field takes, what it refuses for another reason, required fields and unknown shapes as sent', () => {
    const optionalText = z.object({ memo: z.optional(z.string()), id: z.int() });
    const input = { memo: '', id: '' };
    expect(withLooseFieldsRead(optionalText, input)).toBe(input);
    expect(withLooseFieldsRead(login, { kind: 'email', code: '1', note: 'x' })).toEqual({ kind: 'email', code: '1', note: 'x' });
    expect(withLooseFieldsRead(login, { kind: 'other', code: 5 })).toEqual({ kind: 'other', code: 5 });
    expect(withLooseFieldsRead(login, { kind: 'email', code: '1', constructor: '', toString: null })).toEqual({ kind: 'email', code: '1', constructor: '', toString: null });
    expect(withLooseFieldsRead(z.pipe(optionalText, z.transform((v) => v)), { memo: 7, id: 1 })).toEqual({ memo: '7', id: 1 });
    expect(withLooseFieldsRead(z.array(z.string()), [1])).toEqual([1]);
  });
});
