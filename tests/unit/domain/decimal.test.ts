import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec, fixed, max, min, money6, show2, sum } from '../../../domain/decimal';

describe('rounding for storage and display', () => {
  it.each([
    { value: '1.0000005', money6: '1.000001', show2: '1.00' },
    { value: '0.812875', money6: '0.812875', show2: '0.81' },
    { value: '2.005', money6: '2.005000', show2: '2.01' },
    { value: '-2.005', money6: '-2.005000', show2: '-2.01' },
    { value: '-0.001', money6: '-0.001000', show2: '0.00' },
    { value: '-0.0000001', money6: '0.000000', show2: '0.00' },
    { value: '1e-9', money6: '0.000000', show2: '0.00' },
    { value: '123456789012.3456789', money6: '123456789012.345679', show2: '123456789012.35' },
  ])('$value -> $money6 / $show2', (row) => {
    expect(money6(row.value)).toBe(row.money6);
    expect(show2(row.value)).toBe(row.show2);
  });

  it('formats prices at the product precision', () => {
    expect(fixed('1.0851', 5)).toBe('1.08510');
    expect(fixed(65030, 2)).toBe('65030.00');
  });

  it('refuses NaN and infinities', () => {
    expect(() => dec(Number.NaN)).toThrow(RangeError);
    expect(() => dec(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dec('abc')).toThrow();
  });

  it('min and max', () => {
    expect(min('1.5', 2).toString()).toBe('1.5');
    expect(max('1.5', 2).toString()).toBe('2');
  });
});

describe('no binary float rounding', () => {
  it('0.1 + 0.2 is 0.3', () => {
    expect(sum([0.1, 0.2]).eq('0.3')).toBe(true);
    expect(sum([]).isZero()).toBe(true);
  });

  it('sums of 0.1-step lots equal the exact decimal', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 200 }), (tenths) => {
        const total = sum(tenths.map((k) => dec(k).times('0.1')));
        const exact = tenths.reduce((a, k) => a + BigInt(k), 0n);
        // k x 0.1 summed must be exactly (sum of k) / 10, with no drift at any size.
        expect(total.times(10).toFixed()).toBe(exact.toString());
        // The same from float inputs: 0.1 as a number still reads as the decimal 0.1.
        expect(sum(tenths.map((k) => k / 10)).eq(total)).toBe(true);
      }),
    );
  });
});
