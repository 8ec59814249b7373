import { scaleLinear, type ScaleLinear } from 'd3-scale';
import type { Candle } from '../../../../contract/market';
import { candlePainter } from './candle-canvas';
import { LAST_TAG } from './candle-frame';
import { clearOf, type Span } from './level-tags';
import { steadyDomain, visibleRange, type Viewport } from './viewport';

/** What the chart's props say the scene shows. */
export interface SceneInput {
  history: readonly Candle[];
  live: Candle | undefined;
  width: number;
  plotWidth: number;
  height: number;
  /** The bottom of the candles' area (the time axis is below it). */
  plotBottom: number;
  timeLabel: (candle: Candle) => string;
  /** A price as the axis shows it (the reader's locale, the product's decimals). */
  priceLabel: (price: number) => string;
  /** Panned to the oldest candle loaded: fetch older ones. */
  onNeedOlder: () => void;
  /** Spans of the price gutter the level tags take (top to bottom, in px): no axis price is written there. */
  covered: readonly Span[];
}


/** What the SVG layer needs: it changes only with the price range or the crosshair, not with each pan frame. */
export interface Overlay {
  y: ScaleLinear<number, number>;
  cursor: { candle: Candle; x: number } | undefined;
}

/** About this many price lines (d3 picks round numbers near it). */
const PRICE_LINES = 4;
/** About one time label per this many px. */
const LABEL_EVERY_PX = 80;

/**
 * One chart's drawing outside React. A pan or zoom and a change of its input repaint the canvas
 * (grid, price axis, candles, time axis and last price) once in the next animation frame. React
 * renders the SVG layer above it only when `overlay()` changes: a new price range, or the crosshair
 * moved.
 */
export function createScene(viewport: Viewport) {
  let input: SceneInput | undefined;
  let paint: ReturnType<typeof candlePainter> | undefined;
  let domain: [number, number] | undefined;
  let overlay: Overlay | undefined;
  let askedOlderAt = -1;
  let grid: { y: ScaleLinear<number, number>; label: SceneInput['priceLabel']; lines: { y: number; text: string }[] } | undefined;
  /** The price lines change with the range (or the labels' format), not with each pan frame. */
  const gridFor = (y: ScaleLinear<number, number>, label: SceneInput['priceLabel']) => {
    if (grid?.y !== y || grid.label !== label) grid = { y, label, lines: y.ticks(PRICE_LINES).map((t) => ({ y: y(t), text: label(t) })) };
    return grid.lines;
  };
  const listeners = new Set<() => void>();

  function draw() {
    if (!input) return;
    const { history, live, plotWidth } = input;
    const view = viewport.get();
    const total = history.length + (live ? 1 : 0);
    const at = (i: number) => (i < history.length ? history[i] : live)!;
    const { start, end, xOf } = visibleRange(total, plotWidth, view);
    if (start === 0 && total > 0 && askedOlderAt !== total) {
      askedOlderAt = total;
      input.onNeedOlder();
    }
    const candles: Candle[] = [];
    for (let i = start; i < end; i++) candles.push(at(i));
    // The scale is the candles' alone: a far stop-loss or take-profit must not squash them. It is
    // held while a pan brings in candles within it (no jitter; the axis and levels stay put).
    let [lo, hi] = [Infinity, -Infinity];
    for (const c of candles) [lo, hi] = [Math.min(lo, c.Low), Math.max(hi, c.High)];
    const next = candles.length ? steadyDomain(domain, lo, hi) : (domain ?? [0, 1]);
    const y = overlay && domain && next[0] === domain[0] && next[1] === domain[1]
      ? overlay.y
      : scaleLinear().domain(next).range([input.plotBottom, 4]);
    domain = next;
    const step = Math.max(1, Math.round(LABEL_EVERY_PX / view.candleWidth));
    const times = [];
    for (let i = Math.ceil(start / step) * step; i < end; i += step) times.push({ x: xOf(i), text: input.timeLabel(at(i)) });
    const last = live && { y: y(live.Close), text: input.priceLabel(live.Close) };
    const taken = last ? [...input.covered, { top: last.y - LAST_TAG / 2, bottom: last.y + LAST_TAG / 2 }] : input.covered;
    paint?.({
      candles, first: start, xOf, y, candleWidth: view.candleWidth, plotWidth, width: input.width, height: input.height, times,
      grid: clearOf(gridFor(y, input.priceLabel), taken),
      last,
    });

    const cursor = view.cursor !== undefined && view.cursor < total ? { candle: at(view.cursor), x: xOf(view.cursor) } : undefined;
    if (!overlay || overlay.y !== y || overlay.cursor?.candle !== cursor?.candle || overlay.cursor?.x !== cursor?.x) {
      overlay = { y, cursor };
      listeners.forEach((l) => l());
    }
  }

  viewport.subscribe(draw);
  return {
    /**
     * The chart's latest props. Repainted in the next animation frame, once, however many ticks and
     * pan moves came before it: a tick during a pan used to paint the canvas twice in one frame.
     */
    update(next: SceneInput, canvas: HTMLCanvasElement | null) {
      input = next;
      if (canvas && !paint) paint = candlePainter(canvas);
      viewport.redraw();
    },
    overlay: () => overlay,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type Scene = ReturnType<typeof createScene>;
