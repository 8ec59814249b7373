import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { decimal, epochMs, int, intEnum, positiveInt } from '../../contract/fields';

/** Numbers arrive as query or form text: only plain decimal digits are read as numbers. */
describe('number fields', () => {
  it.each(['', ' ', '0x10', '0b1', '0o7', '1e3', '1_000', '+1', '1 2', 'Infinity', 'NaN', '1.'])('refuses %j', (text) => {
    expect(int().safeParse(text).success).toBe(false);
    expect(decimal().safeParse(text).success).toBe(false);
    expect(intEnum(0, 1).safeParse(text).success).toBe(false);
  });

  it('reads decimal text and JSON numbers', () => {
    expect(int().parse(' 42 ')).toBe(42);
    expect(int().parse(-7)).toBe(-7);
    expect(z._default(positiveInt(), 1).parse(undefined)).toBe(1);
    expect(decimal().parse('1.08520')).toBe(1.0852);
    expect(decimal().positive().parse(0.5)).toBe(0.5);
    expect(intEnum(0, 1, 3).parse('3')).toBe(3);
    expect(epochMs().parse('1700000040000')).toBe(1_700_000_040_000);
  });

  it('keeps integers within PostgreSQL integer and decimals within what a column holds', () => {
    expect(int().safeParse('2147483647').success).toBe(true);
    expect(int().safeParse('2147483648').success).toBe(false);
    expect(positiveInt().safeParse('0').success).toBe(false);
    expect(decimal().safeParse('999999999999').success).toBe(true);
    expect(decimal().safeParse('1000000000001').success).toBe(false);
    expect(decimal().safeParse(1e-308).success).toBe(false);
    expect(decimal().safeParse('0.0000000001').success).toBe(true);
    expect(decimal().safeParse('0').success).toBe(true);
    expect(decimal().min(0).safeParse('-1').success).toBe(false);
    expect(decimal().safeParse('1000000000000').success).toBe(false);
  });

  it('refuses text with more places or digits than it keeps, never rounding it (up) unseen', () => {
    const refusal = (text: string) => decimal(6).safeParse(text).error?.issues[0]?.message;
    expect(refusal('10.009999999999999999')).toBe('has too many decimal places');
    expect(refusal('100000000000.000001')).toBe('has too many decimal places');
    expect(refusal('10.0000001')).toBe('has too many decimal places');
    expect(decimal(8).safeParse('0.010000000000000000000000000000001').success).toBe(false);
    expect(decimal(6).parse('10.010000000')).toBe(10.01);
    expect(decimal(6).parse('007.5')).toBe(7.5);
    expect(decimal(6).parse('123456789.123456')).toBe(123456789.123456);
    expect(decimal(6).safeParse('999999999999.999999').error?.issues[0]?.code).toBe('too_big');
  });
});
