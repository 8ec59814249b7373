/**
 * What part of the series the chart shows: candle width in px (zoom) and how many candles the
 * right edge sits before the newest (pan). Gesture state of one chart, outside React.
 */
export interface View {
  candleWidth: number;
  offset: number;
  /** Index (in the whole series) under the crosshair, or undefined. */
  cursor: number | undefined;
}

export const MIN_WIDTH = 3;
export const MAX_WIDTH = 40;

export function createViewport(initial: View = { candleWidth: 8, offset: 0, cursor: undefined }) {
  let view = initial;
  const listeners = new Set<() => void>();
  let frame = 0;
  const notify = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      listeners.forEach((l) => l());
    });
  };
  return {
    get: () => view,
    set(next: Partial<View>) {
      view = { ...view, ...next };
      notify();
    },
    /** Something else the listeners draw changed (new candles): they run once in the next frame, with any pan. */
    redraw: notify,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type Viewport = ReturnType<typeof createViewport>;

/**
 * Where the candles of a series of `total` sit in a plot `width` px wide: the visible slice
 * [start, end), partly visible candles at both edges included, and the x of candle i's middle. The
 * offset may be fractional, so a pan moves the candles by pixels, not by whole candles.
 */
export function visibleRange(total: number, width: number, view: Pick<View, 'candleWidth' | 'offset'>) {
  // The position in the series at the plot's right edge.
  const right = total - view.offset;
  const end = Math.max(0, Math.min(total, Math.ceil(right)));
  const start = Math.max(0, Math.min(end, Math.floor(right - width / view.candleWidth) - 1));
  return { start, end, xOf: (i: number) => width - (right - i - 0.5) * view.candleWidth };
}

/** The candle under x px from the plot's left edge, as `visibleRange` places them. */
export function candleAt(total: number, width: number, view: Pick<View, 'candleWidth' | 'offset'>, x: number): number {
  return Math.round(total - view.offset - 0.5 - (width - x) / view.candleWidth);
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The margin above and below the candles, as a share of their range. */
const PAD = 0.08;
/** A scale whose candles span less than this share of it is fitted again. */
const REFIT_BELOW = 0.6;

/**
 * The price range the chart shows for candles from `low` to `high`: the one shown before while the
 * candles stay inside it and fill most of it, so that panning does not make the scale, the grid and
 * the levels move on every frame; otherwise the candles' range with a margin.
 */
export function steadyDomain(before: readonly [number, number] | undefined, low: number, high: number): [number, number] {
  if (before && low >= before[0] && high <= before[1] && high - low >= REFIT_BELOW * (before[1] - before[0])) return [before[0], before[1]];
  const pad = (high - low || Math.abs(high) * 0.001 || 1) * PAD;
  return [low - pad, high + pad];
}

/** How much a key zooms, as a factor of the candle width. */
const KEY_ZOOM = 1.25;

/**
 * The chart by keyboard, as the pointer does it: arrows pan (left to older candles), or move the
 * crosshair while it shows; + and − zoom; Home and End go to the oldest and the newest; Enter or
 * Space shows the newest visible candle's prices, and hides them again, as Escape does. Undefined:
 * the key is not the chart's (Tab goes on).
 */
export function keyStep(view: View, key: string, total: number, plotWidth: number): Partial<View> | undefined {
  const visible = plotWidth / view.candleWidth;
  const maxOffset = Math.max(0, total - 10);
  const newestShown = Math.min(total - 1, Math.ceil(total - view.offset) - 1);
  if (key === '+' || key === '=') return { candleWidth: clamp(view.candleWidth * KEY_ZOOM, MIN_WIDTH, MAX_WIDTH) };
  if (key === '-' || key === '−') return { candleWidth: clamp(view.candleWidth / KEY_ZOOM, MIN_WIDTH, MAX_WIDTH) };
  if (key === 'Escape') return view.cursor === undefined ? undefined : { cursor: undefined };
  if (key === 'Enter' || key === ' ') return { cursor: view.cursor === undefined && total > 0 ? newestShown : undefined };
  if (key === 'Home') return { offset: maxOffset };
  if (key === 'End') return { offset: 0 };
  const direction = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
  if (!direction) return undefined;
  if (view.cursor === undefined) {
    const step = Math.max(1, Math.round(visible / 10));
    return { offset: clamp(view.offset - direction * step, 0, maxOffset) };
  }
  // The crosshair moves one candle, and the chart pans to keep it in view.
  const cursor = clamp(view.cursor + direction, 0, total - 1);
  const right = total - view.offset;
  const offset = cursor >= right ? total - cursor - 1 : cursor < right - visible + 1 ? total - cursor - visible + 1 : view.offset;
  return { cursor, offset: clamp(offset, 0, maxOffset) };
}
