import { describe, expect, it } from 'vitest';
import { candleAt, steadyDomain, visibleRange } from '../../src/features/trading/trade/viewport';

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

describe('the candles a plot shows', () => {
  const view = (offset: number) => ({ candleWidth: 10, offset });

  it('puts the newest candle half a candle from the right edge when not panned', () => {
    const { start, end, xOf } = visibleRange(500, 300, view(0));
    expect(end).toBe(500);
    expect(xOf(499)).toBe(295);
    expect(start).toBe(469); // 30 candles fit; the one cut at the left edge is drawn too
    expect(xOf(start)).toBeLessThan(5);
  });

  it('moves the candles by pixels when the offset is fractional', () => {
    const { end, xOf } = visibleRange(500, 300, view(0.3));
    expect(end).toBe(500); // the newest is still partly in view
    expect(xOf(499)).toBeCloseTo(298, 6);
  });

  it('stops at the oldest candle', () => {
    expect(visibleRange(20, 300, view(0)).start).toBe(0);
  });

  it('finds the candle under a tap where visibleRange drew it', () => {
    const { xOf } = visibleRange(500, 300, view(2.4));
    expect(candleAt(500, 300, view(2.4), xOf(480))).toBe(480);
    expect(candleAt(500, 300, view(2.4), xOf(480) + 4)).toBe(480);
  });
});
