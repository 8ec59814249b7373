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
  /** Grid lines across the candles' area, each with its price in the gutter beyond it. */
  grid: readonly { y: number; text: string }[];
  /** The last price: a dashed line across the candles and its tag in the gutter. */
  last: { y: number; text: string } | undefined;
}

/** The height of the last price's tag in the gutter. */
export const LAST_TAG = 18;

type Theme = {
  rise: string; fall: string; muted: string; line: string; accent: string; accentFill: string; accentText: string; font: string;
};

/** Counts changes of the theme (the system's, or the one chosen in /user), so paints read colours again only then. */
let themeChanges = 0;
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => themeChanges++);
new MutationObserver(() => themeChanges++).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

/**
 * Grid, price axis, candles, time axis and last price drawn on a canvas: a pan frame repaints some
 * 50 rectangles and a few labels instead of reconciling and restyling hundreds of SVG nodes, and a
 * new price range or a tick costs no more than any other frame. Colours are the theme's (`--line`,
 * `--rise`, `--fall`, `--muted`, `--accent*`), read again only when the theme changes.
 */
export function candlePainter(canvas: HTMLCanvasElement) {
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
    const ratio = window.devicePixelRatio || 1;
    const [w, h] = [Math.round(p.width * ratio), Math.round(p.height * ratio)];
    if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, p.width, p.height);
    const { rise, fall, muted, line, accent, accentFill, accentText, font } = themeNow();
    const body = Math.max(1, p.candleWidth * 0.7);
    ctx.fillStyle = line;
    for (const { y } of p.grid) ctx.fillRect(0, Math.round(y) - 0.5, p.plotWidth, 1);
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
    ctx.textAlign = 'left';
    for (const { y, text } of p.grid) ctx.fillText(text, p.plotWidth + 4, y + 4);
    ctx.textAlign = 'center';
    for (const label of p.times) {
      // Only whole labels, under the candles: none cut at the left edge or under the price axis.
      const half = ctx.measureText(label.text).width / 2;
      if (label.x - half >= 0 && label.x + half <= p.plotWidth) ctx.fillText(label.text, label.x, p.height - 4);
    }
    if (p.last) {
      const y = Math.round(p.last.y) + 0.5;
      ctx.strokeStyle = accent;
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(p.plotWidth, y);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = accentFill;
      ctx.beginPath();
      ctx.roundRect(p.plotWidth, p.last.y - LAST_TAG / 2, p.width - p.plotWidth, LAST_TAG, 3);
      ctx.fill();
      ctx.fillStyle = accentText;
      ctx.textAlign = 'left';
      ctx.fillText(p.last.text, p.plotWidth + 4, p.last.y + 4);
    }
  };
}
