import { describe, expect, it } from 'vitest';
import { steadyDomain } from '../../src/features/trading/trade/viewport';

describe('the chart price scale while panning', () => {
  it('fits the candles with a margin the first time', () => {
    const [bottom, top] = steadyDomain(undefined, 1.084, 1.086);
    expect(bottom).toBeCloseTo(1.08384, 8);
    expect(top).toBeCloseTo(1.08616, 8);
  });

  it('holds still while the candles stay inside it and fill most of it', () => {
    const before = steadyDomain(undefined, 1.084, 1.086);
    expect(steadyDomain(before, 1.0841, 1.0859)).toEqual(before);
    expect(steadyDomain(before, 1.0845, 1.086)).toEqual(before);
  });

  it('fits again when a candle leaves it', () => {
    const before = steadyDomain(undefined, 1.084, 1.086);
    const [, top] = steadyDomain(before, 1.084, 1.087);
    expect(top).toBeGreaterThan(1.087);
  });

  it('fits again when the candles shrink to less than 60% of it, so they never look flat', () => {
    const before = steadyDomain(undefined, 1.084, 1.086);
    const after = steadyDomain(before, 1.0848, 1.0852);
    expect(after).not.toEqual(before);
    expect(after[1] - after[0]).toBeCloseTo(0.0004 * 1.16, 8);
  });

  it('gives a flat series some height', () => {
    const [bottom, top] = steadyDomain(undefined, 100, 100);
    expect(top).toBeGreaterThan(100);
    expect(bottom).toBeLessThan(100);
  });
});
