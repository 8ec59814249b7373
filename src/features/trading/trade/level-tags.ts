import type { PlacedLevel } from './levels';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LevelTag extends PlacedLevel {
  /** Where the tag sits, in the price gutter right of the candles. */
  box: Box;
  /** The dashed line across the candles, for a level within their range. */
  lineY: number | undefined;
  text: string;
}

export const TAG_HEIGHT = 16;
/** Room in a tag for the arrow of an off-range level. */
export const ARROW = 10;
const PAD = 4;
/** A generous px width of one character at the chart's 10 px: digits, Latin and most scripts. */
const CHAR = 6;
/** Han, kana, Hangul and full-width forms take about twice that. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * An estimate of a 10 px label's width, to size the gutter. A tag starts at the gutter's left edge,
 * so an estimate too small can only clip its end at the chart's right, never cover a candle.
 */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 2 * CHAR : CHAR;
  return width;
}

/**
 * The price gutter: the axis's own width, widened for the widest tag, but never past a third of the
 * chart. Room for the arrow is kept for every tag, so the gutter does not jump as a level leaves the
 * candles' range.
 */
export function gutterWidth(chartWidth: number, axis: number, texts: readonly string[]): number {
  const widest = Math.max(axis, ...texts.map((t) => Math.ceil(PAD + ARROW + textWidth(t) + PAD)));
  return Math.max(axis, Math.min(widest, Math.floor(chartWidth / 3)));
}

/**
 * Centres for tags of `height` wanted at `wanted` (any order): each as near its own as it can be
 * without covering another, all within [top, bottom], in the same top-to-bottom order.
 */
export function stackTags(wanted: readonly number[], height: number, top: number, bottom: number): number[] {
  const order = wanted.map((_, i) => i).sort((a, b) => wanted[a]! - wanted[b]! || a - b);
  const first = top + height / 2;
  const last = bottom - height / 2;
  const centres = order.map((i) => Math.min(last, Math.max(first, wanted[i]!)));
  // Push down past each neighbour above, then back up from the bottom if the column overflowed.
  for (let k = 1; k < centres.length; k++) centres[k] = Math.max(centres[k]!, centres[k - 1]! + height);
  for (let k = centres.length - 1; k >= 0; k--) {
    const limit = k === centres.length - 1 ? last : centres[k + 1]! - height;
    centres[k] = Math.min(centres[k]!, limit);
  }
  const out = new Array<number>(wanted.length);
  order.forEach((i, k) => (out[i] = centres[k]!));
  return out;
}

/**
 * As `stackTags`, but clear of a box that stays put (the last price's tag, centred at `fixed.centre`):
 * tags wanted above its centre stack above it, the others below. When one side has no room for its
 * tags, the nearest of them go to the other side, next to the box, so the last price stays
 * readable; only when the whole column has no room may they cover it.
 */
export function stackAround(wanted: readonly number[], height: number, top: number, bottom: number, fixed?: { centre: number; height: number }): number[] {
  if (!fixed) return stackTags(wanted, height, top, bottom);
  // A last price panned out of view leaves the whole column to one side.
  const above = Math.min(bottom, Math.max(top, fixed.centre - fixed.height / 2));
  const below = Math.min(bottom, Math.max(top, fixed.centre + fixed.height / 2));
  const roomAbove = Math.floor((above - top) / height);
  const roomBelow = Math.floor((bottom - below) / height);
  if (wanted.length > roomAbove + roomBelow) return stackTags(wanted, height, top, bottom);
  // Top to bottom; the first `upper` of them go above the box.
  const order = wanted.map((_, i) => i).sort((a, b) => wanted[a]! - wanted[b]! || a - b);
  const wantAbove = wanted.filter((w) => w < fixed.centre).length;
  const upper = Math.min(roomAbove, Math.max(wanted.length - roomBelow, wantAbove));
  const out = new Array<number>(wanted.length);
  const place = (side: number[], from: number, to: number) =>
    stackTags(side.map((i) => wanted[i]!), height, from, to).forEach((centre, k) => (out[side[k]!] = centre));
  place(order.slice(0, upper), top, above);
  place(order.slice(upper), below, bottom);
  return out;
}

interface Frame {
  /** Width of the candles' area; the gutter begins here. */
  plotWidth: number;
  gutter: number;
  /** The candles' area runs from `top` to `bottom`; tags stay within it vertically. */
  top: number;
  bottom: number;
  y: (price: number) => number;
  text: (level: PlacedLevel) => string;
  /** The last price's tag in the same gutter, which the level tags keep clear of. */
  lastPrice?: { y: number; height: number };
}

/**
 * The SL, TP and entry tags of the chart, like a trading terminal's price tags: all in the gutter
 * right of the candles, an in-range one beside its line, an off-range one at that edge with an
 * arrow. The chart runs left to right in every language, so the gutter is on the right in all.
 */
export function layoutLevelTags(levels: readonly PlacedLevel[], frame: Frame): LevelTag[] {
  const { plotWidth, gutter, top, bottom, y } = frame;
  const lineY = (l: PlacedLevel) => (l.edge ? undefined : y(l.price));
  const wanted = levels.map((l) => (l.edge === 'above' ? top : l.edge === 'below' ? bottom : y(l.price)));
  const { lastPrice } = frame;
  const centres = stackAround(wanted, TAG_HEIGHT, top, bottom, lastPrice && { centre: lastPrice.y, height: lastPrice.height });
  return levels.map((l, i) => ({
    ...l,
    lineY: lineY(l),
    text: frame.text(l),
    box: { x: plotWidth + 1, y: centres[i]! - TAG_HEIGHT / 2, width: Math.max(0, gutter - 2), height: TAG_HEIGHT },
  }));
}

/** A span of the price gutter, top to bottom in px. */
export interface Span {
  top: number;
  bottom: number;
}

/** An axis price's text reaches this far above and below its line (10 px type). */
const LABEL_HALF = 6;

/** The axis's price lines, without the text of those a tag in the gutter would half cover. */
export function clearOf(lines: readonly { y: number; text: string }[], taken: readonly Span[]): { y: number; text: string }[] {
  return lines.map((line) => (taken.some((s) => line.y + LABEL_HALF > s.top && line.y - LABEL_HALF < s.bottom) ? { y: line.y, text: '' } : line));
}

/** Where a tag's text begins: after the arrow of an off-range level. */
export const textX = (tag: LevelTag) => tag.box.x + PAD + (tag.edge ? ARROW : 0);

/** Whether two boxes share any area. */
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
