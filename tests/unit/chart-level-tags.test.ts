import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3-scale';
import { placeLevels, type OrderLevel } from '../../src/features/trading/trade/levels';
import { clearOf, gutterWidth, layoutLevelTags, overlaps, stackAround, stackTags, TAG_HEIGHT, textWidth, type Box } from '../../src/features/trading/trade/level-tags';

// A chart as the phone draws it: 390 px wide, candles between 1.0840 and 1.0860, 282 px tall.
const WIDTH = 390;
const AXIS = 56;
const BOTTOM = 282;
const lo = 1.084;
const hi = 1.086;
const pad = (hi - lo) * 0.08;
const y = scaleLinear().domain([lo - pad, hi + pad]).range([BOTTOM, 4]);
const SHORT = { entry: '', sl: 'SL', tp: 'TP' } as const;
const text = (l: OrderLevel) => [SHORT[l.kind], l.price.toFixed(5)].filter(Boolean).join(' ');

function chart(levels: OrderLevel[], names: (l: OrderLevel) => string = text) {
  const gutter = gutterWidth(WIDTH, AXIS, levels.map(names));
  const plotWidth = WIDTH - gutter;
  const tags = layoutLevelTags(placeLevels(levels, lo - pad, hi + pad), { plotWidth, gutter, top: 0, bottom: BOTTOM, y, text: names });
  const plot: Box = { x: 0, y: 0, width: plotWidth, height: BOTTOM };
  return { tags, plot, plotWidth };
}
const level = (kind: OrderLevel['kind'], price: number, id = 1): OrderLevel => ({ key: `${id}.${kind}`, kind, price });

describe('level tags', () => {
  it('keeps every in-range label off the candles, beside its own line', () => {
    const { tags, plot } = chart([level('entry', 1.085), level('sl', 1.0843), level('tp', 1.0858)]);
    expect(tags.every((t) => t.edge === undefined)).toBe(true);
    for (const tag of tags) {
      expect(overlaps(tag.box, plot), `${tag.kind} tag over the candles`).toBe(false);
      expect(tag.box.x + tag.box.width).toBeLessThanOrEqual(WIDTH);
      expect(tag.lineY).toBeCloseTo(y(tag.price));
      // Not crowded: each tag is centred on its line.
      expect(tag.box.y + tag.box.height / 2).toBeCloseTo(y(tag.price));
    }
  });

  it('keeps off-range labels off the candles too, at their edge', () => {
    const { tags, plot } = chart([level('sl', 1.07), level('tp', 1.1)]);
    expect(tags.map((t) => t.edge)).toEqual(['below', 'above']);
    for (const tag of tags) expect(overlaps(tag.box, plot)).toBe(false);
    expect(tags[1]!.box.y).toBe(0);
    expect(tags[0]!.box.y + TAG_HEIGHT).toBe(BOTTOM);
    expect(tags.every((t) => t.lineY === undefined)).toBe(true);
  });

  it('stacks crowded tags without covering one another or the candles', () => {
    const levels = [1, 2, 3].flatMap((id) => [level('entry', 1.085 + id * 1e-5, id), level('sl', 1.0841, id), level('tp', 1.1, id)]);
    const { tags, plot } = chart(levels);
    for (const [i, a] of tags.entries()) {
      expect(overlaps(a.box, plot)).toBe(false);
      expect(a.box.y).toBeGreaterThanOrEqual(0);
      expect(a.box.y + a.box.height).toBeLessThanOrEqual(BOTTOM);
      for (const b of tags.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.key} covers ${b.key}`).toBe(false);
    }
  });

  it('widens the gutter for long labels, wide scripts included, but not past a third of the chart', () => {
    expect(gutterWidth(WIDTH, AXIS, [])).toBe(AXIS);
    const latin = gutterWidth(WIDTH, AXIS, ['TP 67,000.00']);
    expect(latin).toBeGreaterThan(AXIS);
    expect(gutterWidth(WIDTH, AXIS, ['止盈 67,000.00'])).toBeGreaterThan(latin);
    expect(textWidth('止盈')).toBe(2 * textWidth('TP'));
    expect(gutterWidth(WIDTH, AXIS, ['Stop de protection 67,000.00'])).toBe(130);
    const { tags, plot } = chart([level('tp', 1.0855)], () => 'Prise de bénéfices 1.08550');
    expect(overlaps(tags[0]!.box, plot)).toBe(false);
  });
});

describe('stackTags', () => {
  it('leaves tags that have room where they want to be', () => {
    expect(stackTags([100, 50, 200], 16, 0, 282)).toEqual([100, 50, 200]);
  });
  it('pushes neighbours apart, keeping their order and the column', () => {
    const out = stackTags([100, 101, 99], 16, 0, 282);
    const sorted = [...out].sort((a, b) => a - b);
    expect(out[2]).toBe(sorted[0]);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k]! - sorted[k - 1]!).toBeGreaterThanOrEqual(16);
  });
  it('pushes back up from the bottom', () => {
    const out = stackTags([280, 280, 280], 16, 0, 282);
    expect(Math.max(...out)).toBe(274);
    expect(Math.min(...out)).toBe(274 - 32);
  });
});

describe('stackAround', () => {
  const clear = (centres: number[], fixed: { centre: number; height: number }) =>
    centres.every((c) => c + 8 <= fixed.centre - fixed.height / 2 || c - 8 >= fixed.centre + fixed.height / 2);

  it('keeps tags clear of the last price, each on its own side', () => {
    const fixed = { centre: 140, height: 18 };
    const out = stackAround([138, 142, 60], 16, 0, 282, fixed);
    expect(clear(out, fixed)).toBe(true);
    expect(out[0]).toBeLessThan(fixed.centre);
    expect(out[1]).toBeGreaterThan(fixed.centre);
    expect(out[2]).toBe(60);
  });

  it('keeps the entry tag visible beside the last price on the chart', () => {
    const levels = [level('entry', 1.08502), level('sl', 1.0843), level('tp', 1.0858)];
    const gutter = gutterWidth(WIDTH, AXIS, levels.map(text));
    const lastPrice = { y: y(1.085), height: 18 };
    const tags = layoutLevelTags(placeLevels(levels, lo - pad, hi + pad), { plotWidth: WIDTH - gutter, gutter, top: 0, bottom: BOTTOM, y, text, lastPrice });
    const priceBox = { x: WIDTH - gutter, y: lastPrice.y - 9, width: gutter, height: 18 };
    for (const tag of tags) expect(overlaps(tag.box, priceBox), `${tag.kind} under the last price`).toBe(false);
  });

  it('stays within the column when the last price is out of view', () => {
    const out = stackAround([270, 275], 16, 0, 282, { centre: 400, height: 18 });
    expect(Math.max(...out)).toBeLessThanOrEqual(274);
    expect(Math.min(...out)).toBeGreaterThanOrEqual(8);
  });

  it('puts the tags one side has no room for on the other side, next to the last price, which stays readable', () => {
    // The last price near the top (a 1M chart rising): a take-profit off the top and the entry just above it.
    const fixed = { centre: 30, height: 18 };
    const out = stackAround([0, 22, 200], 16, 0, 282, fixed);
    expect(clear(out, fixed)).toBe(true);
    // Top to bottom as wanted: the take-profit above, the entry right under the last price, then the rest.
    expect(out[0]).toBe(8);
    expect(out[1]).toBe(47);
    expect(out[2]).toBe(200);
  });

  it('stacks over the whole column only when it has no room for every tag', () => {
    const out = stackAround([2, 3, 4], 16, 0, 50, { centre: 25, height: 18 });
    expect(out).toEqual([...out].sort((a, b) => a - b));
    expect(Math.min(...out)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...out)).toBeLessThanOrEqual(42);
  });
});

describe('the price axis beside the tags', () => {
  it('writes no price a tag would half cover, and keeps every grid line', () => {
    const lines = [{ y: 40, text: '1.08600' }, { y: 100, text: '1.08500' }, { y: 160, text: '1.08400' }];
    // A take-profit tag from 28 to 44 over the first; the last price's tag from 152 to 170 over the third.
    const out = clearOf(lines, [{ top: 28, bottom: 44 }, { top: 152, bottom: 170 }]);
    expect(out).toEqual([{ y: 40, text: '' }, { y: 100, text: '1.08500' }, { y: 160, text: '' }]);
    // Clear by a few pixels: written.
    expect(clearOf(lines, [{ top: 107, bottom: 123 }])[1]!.text).toBe('1.08500');
  });
});
