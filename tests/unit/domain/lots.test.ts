import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec } from '../../../domain/decimal';
import { lotsRefusal, stepLots } from '../../../domain/lots';

const steps = fc.constantFrom('0.01', '0.1', '1', '0.05', '0.001', '0.25');

describe('lot validation', () => {
  it.each([
    { lots: '0', rules: { min: '0.01', max: '10', step: '0.01' }, expected: 'not_positive' },
    { lots: '-1', rules: { min: '0.01', max: '10', step: '0.01' }, expected: 'not_positive' },
    { lots: '10.01', rules: { min: '0.01', max: '10', step: '0.01' }, expected: 'above_max' },
    { lots: '10', rules: { min: '0.01', max: '10', step: '0.01' }, expected: undefined },
    { lots: '0.3', rules: { min: '0.1', max: '10', step: '0.1' }, expected: undefined },
    { lots: 0.3, rules: { min: 0.1, max: 10, step: 0.1 }, expected: undefined },
    { lots: '0.35', rules: { min: '0.1', max: '10', step: '0.1' }, expected: 'off_step' },
    { lots: '1000', rules: { min: '0.01', max: '0', step: '0.01' }, expected: undefined },
    { lots: '1000', rules: { min: '0.01', step: '0.01' }, expected: undefined },
    { lots: '0.123', rules: { min: '0.01', max: '10', step: '0' }, expected: undefined },
  ])('$lots with $rules -> $expected', ({ lots, rules, expected }) => {
    expect(lotsRefusal(lots, rules)).toBe(expected);
  });

  it('accepts every k x step within [min, max]', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (step, minK, spanK, offsetK) => {
        const min = dec(step).times(minK);
        const max = min.plus(dec(step).times(spanK));
        const lots = min.plus(dec(step).times(offsetK % (spanK + 1)));
        expect(lotsRefusal(lots, { min, max, step })).toBeUndefined();
        // As a float string too, the way a form would send it.
        expect(lotsRefusal(Number(lots.toString()), { min, max, step })).toBeUndefined();
      }),
    );
  });

  it('refuses anything off-step, at any size', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 999 }), (step, k, thousandths) => {
        // Between k x step and (k + 1) x step, strictly.
        const lots = dec(step).times(k).plus(dec(step).times(thousandths).div(1000));
        expect(lotsRefusal(lots, { min: step, max: '1000000', step })).toBe('off_step');
      }),
    );
  });

  it('refuses below min and above max before the step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (below, above) => {
        expect(lotsRefusal(dec(1).minus(dec(below).div(10_000)), { min: 1, max: 2, step: '0.01' })).toBe('below_min');
        expect(lotsRefusal(dec(2).plus(dec(above).div(10_000)), { min: 1, max: 2, step: '0.01' })).toBe('above_max');
      }),
    );
  });
});

describe('lot stepper', () => {
  it.each([
    { lots: '0.02', step: '0.01', direction: -1 as const, expected: '0.01' },
    { lots: '0.01', step: '0.01', direction: -1 as const, expected: undefined },
    { lots: '0.1', step: '0.1', direction: 1 as const, expected: '0.2' },
    { lots: '0.2', step: '0.1', direction: 1 as const, expected: '0.3' },
  ])('$lots by $direction x $step -> $expected', ({ lots, step, direction, expected }) => {
    expect(stepLots(lots, step, direction)?.toString()).toBe(expected);
  });
});
