import type { Candle } from '../../../../contract/market';

export interface CandlePaint {
  /** The candles to draw and the index of the first, for `xOf`. */
  candles: readonly Candle[];
  first: number;
  xOf: (i: number) => number;
  y: (v: number) => number;
  candleWidth: number;
  /** Candles are clipped at the plot's right edge (the price axis is beyond it). */
  plotWidth: number;
  /** The canvas's size in CSS pixels. */
  width: number;
  height: number;
  /** Time labels along the bottom edge, centred on `x`. */
  times: readonly { x: number; text: string }[];
}

type Theme = { rise: string; fall: string; muted: string; font: string };

/** Counts changes of the theme (the system's, or the one chosen in /user), so paints read colours again only then. */
let themeChanges = 0;
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => themeChanges++);
new MutationObserver(() => themeChanges++).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

/**
 * Candles and the time axis drawn on a canvas: a pan frame repaints some 50 rectangles and a few
 * labels instead of reconciling and restyling hundreds of SVG nodes. Colours are the theme's
 * `--rise`, `--fall` and `--muted`, read again only when the theme changes.
 */
export function candlePainter(canvas: HTMLCanvasElement) {
  let theme: Theme | undefined;
  let themeFor = -1;
  const themeNow = (): Theme => {
    if (!theme || themeFor !== themeChanges) {
      const style = getComputedStyle(canvas);
      const read = (name: string) => style.getPropertyValue(name).trim();
      theme = { rise: read('--rise'), fall: read('--fall'), muted: read('--muted'), font: `10px ${style.fontFamily}` };
      themeFor = themeChanges;
    }
    return theme;
  };

  return (p: CandlePaint) => {
    const ratio = window.devicePixelRatio || 1;
    const [w, h] = [Math.round(p.width * ratio), Math.round(p.height * ratio)];
    if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, p.width, p.height);
    const { rise, fall, muted, font } = themeNow();
    const body = Math.max(1, p.candleWidth * 0.7);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, p.plotWidth, p.height);
    ctx.clip();
    // One colour at a time: fewer state changes for the canvas.
    for (const rising of [true, false]) {
      ctx.fillStyle = rising ? rise : fall;
      p.candles.forEach((c, i) => {
        if (c.Close >= c.Open !== rising) return;
        const x = p.xOf(p.first + i);
        const top = p.y(Math.max(c.Open, c.Close));
        const high = p.y(c.High);
        ctx.fillRect(x - 0.5, high, 1, p.y(c.Low) - high);
        ctx.fillRect(x - body / 2, top, body, Math.max(1, Math.abs(p.y(c.Open) - p.y(c.Close))));
      });
    }
    ctx.restore();
    ctx.fillStyle = muted;
    ctx.font = font;
    ctx.textAlign = 'center';
    for (const label of p.times) {
      // Only whole labels, under the candles: none cut at the left edge or under the price axis.
      const half = ctx.measureText(label.text).width / 2;
      if (label.x - half >= 0 && label.x + half <= p.plotWidth) ctx.fillText(label.text, label.x, p.height - 4);
    }
  };
}
