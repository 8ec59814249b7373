import type { Candle } from '../../../../contract/market';
import { paintFrame, type CandleFrame, type Theme } from './candle-frame';

export interface CandlePaint {
  /** The candles to draw and the index of the first, for `xOf`. */
  candles: readonly Candle[];
  first: number;
  xOf: (i: number) => number;
  y: (v: number) => number;
  candleWidth: number;
  plotWidth: number;
  /** The canvas's size in CSS pixels. */
  width: number;
  height: number;
  times: CandleFrame['times'];
  grid: CandleFrame['grid'];
  last: CandleFrame['last'];
}

/** Counts changes of the theme (the system's, or the one chosen in /user), so paints read colours again only then. */
let themeChanges = 0;
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => themeChanges++);
new MutationObserver(() => themeChanges++).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

/** One worker paints every chart's canvas, for the whole visit; its messages name the canvas. */
let worker: Worker | undefined;
let canvases = 0;
const painters = new WeakMap<HTMLCanvasElement, (frame: CandleFrame) => void>();
/** A chart's canvas gone from the page (and collected): the worker lets go of its bitmap. */
const released = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((id: number) => worker?.postMessage({ id, release: true })) : undefined;

/**
 * Where a canvas's frames are painted: in a worker when the browser can hand it the canvas
 * (`OffscreenCanvas`), so that drawing and the canvas's commit leave the main thread during a pan;
 * otherwise here. A canvas is handed over once, so the same element always gets the same painter.
 */
function painterFor(canvas: HTMLCanvasElement): (frame: CandleFrame) => void {
  let paint = painters.get(canvas);
  if (paint) return paint;
  if (typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function') {
    worker ??= new Worker(new URL('./candle-worker.ts', import.meta.url), { type: 'module' });
    const id = ++canvases;
    const offscreen = canvas.transferControlToOffscreen();
    worker.postMessage({ id, canvas: offscreen }, [offscreen]);
    released?.register(canvas, id);
    paint = (frame) => worker!.postMessage({ id, frame }, [frame.candles.buffer, frame.rising.buffer]);
  } else {
    const ctx = canvas.getContext('2d');
    paint = (frame) => ctx && paintFrame(ctx, frame);
  }
  painters.set(canvas, paint);
  return paint;
}

/**
 * Grid, price axis, candles, time axis and last price drawn on a canvas: a pan frame repaints some
 * 50 rectangles and a few labels instead of reconciling and restyling hundreds of SVG nodes, and a
 * new price range or a tick costs no more than any other frame. Here a paint becomes a frame of
 * plain numbers (`candle-frame.ts`). Colours are the theme's (`--line`, `--rise`, `--fall`,
 * `--muted`, `--accent*`), read again only when the theme changes.
 */
export function candlePainter(canvas: HTMLCanvasElement) {
  const paint = painterFor(canvas);
  let theme: Theme | undefined;
  let themeFor = -1;
  const themeNow = (): Theme => {
    if (!theme || themeFor !== themeChanges) {
      const style = getComputedStyle(canvas);
      const read = (name: string) => style.getPropertyValue(name).trim();
      theme = {
        rise: read('--rise'), fall: read('--fall'), muted: read('--muted'), line: read('--line'),
        accent: read('--accent'), accentFill: read('--accent-fill'), accentText: read('--accent-text'),
        font: `10px ${style.fontFamily}`,
      };
      themeFor = themeChanges;
    }
    return theme;
  };

  return (p: CandlePaint) => {
    const candles = new Float64Array(p.candles.length * 5);
    const rising = new Uint8Array(p.candles.length);
    p.candles.forEach((c, i) => {
      const [open, close, k] = [p.y(c.Open), p.y(c.Close), i * 5];
      candles[k] = p.xOf(p.first + i);
      candles[k + 1] = p.y(c.High);
      candles[k + 2] = p.y(c.Low);
      candles[k + 3] = Math.min(open, close); // the higher price, nearer the top
      candles[k + 4] = Math.max(1, Math.abs(open - close));
      rising[i] = c.Close >= c.Open ? 1 : 0;
    });
    paint({
      width: p.width, height: p.height, ratio: window.devicePixelRatio || 1, plotWidth: p.plotWidth,
      candles, rising, body: Math.max(1, p.candleWidth * 0.7), times: p.times, grid: p.grid, last: p.last, theme: themeNow(),
    });
  };
}
