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
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type Viewport = ReturnType<typeof createViewport>;

/** The visible slice [start, end) of a series of `total` candles. */
export function visibleRange(total: number, width: number, view: Pick<View, 'candleWidth' | 'offset'>) {
  const count = Math.ceil(width / view.candleWidth) + 1;
  const end = Math.max(0, Math.min(total, total - Math.round(view.offset)));
  return { start: Math.max(0, end - count), end };
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
