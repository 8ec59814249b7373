import { describe, expect, it } from 'vitest';
import { candleAt, keyStep, MIN_WIDTH, steadyDomain, visibleRange } from '../../src/features/trading/trade/viewport';

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

describe('the chart by keyboard', () => {
  // 200 candles of 8 px in a 320 px plot: 40 in view, the newest at the right edge.
  const view = { candleWidth: 8, offset: 0, cursor: undefined };
  const step = (key: string, from: Parameters<typeof keyStep>[0] = view) => keyStep(from, key, 200, 320);

  it('pans by a tenth of the view, older to the left, and no further than the ends', () => {
    expect(step('ArrowLeft')).toEqual({ offset: 4 });
    expect(step('ArrowRight')).toEqual({ offset: 0 });
    expect(step('ArrowLeft', { ...view, offset: 189 })).toEqual({ offset: 190 });
    expect([step('Home'), step('End', { ...view, offset: 50 })]).toEqual([{ offset: 190 }, { offset: 0 }]);
  });

  it('zooms with + and −, within the widths a finger can reach', () => {
    expect(step('+')).toEqual({ candleWidth: 10 });
    expect(step('-')).toEqual({ candleWidth: 6.4 });
    expect(step('−', { ...view, candleWidth: MIN_WIDTH })).toEqual({ candleWidth: MIN_WIDTH });
  });

  it('shows the newest visible candle with Enter, moves it one candle at a time in view, and hides it', () => {
    expect(step('Enter', { ...view, offset: 10 })).toEqual({ cursor: 189 });
    expect(step('ArrowLeft', { ...view, cursor: 189, offset: 10 })).toEqual({ cursor: 188, offset: 10 });
    // At the left edge of the view, the chart pans with it.
    expect(step('ArrowLeft', { ...view, cursor: 150, offset: 10 })).toEqual({ cursor: 149, offset: 12 });
    expect(step('ArrowRight', { ...view, cursor: 199, offset: 0 })).toEqual({ cursor: 199, offset: 0 });
    expect([step('Escape', { ...view, cursor: 5 }), step('Enter', { ...view, cursor: 5 })]).toEqual([{ cursor: undefined }, { cursor: undefined }]);
  });

  it('leaves every other key to the page', () => {
    expect([step('Tab'), step('a'), step('Escape')]).toEqual([undefined, undefined, undefined]);
  });
});
