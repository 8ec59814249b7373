/**
 * One frame of the chart's canvas as plain numbers and strings, so that it can be painted where it
 * is made or sent to a worker (structured clone): no functions, no candles.
 */
export interface CandleFrame {
  /** The canvas's size in CSS pixels, and device pixels per CSS pixel. */
  width: number;
  height: number;
  ratio: number;
  /** Candles are clipped at the plot's right edge (the price axis is beyond it). */
  plotWidth: number;
  /** Per candle, five numbers: x of its middle, y of high, y of low, y of its body's top, body height. */
  candles: Float64Array;
  /** Per candle, 1 when it closed at or above its open. */
  rising: Uint8Array;
  /** The bodies' width in px. */
  body: number;
  /** Time labels along the bottom edge, centred on `x`. */
  times: readonly { x: number; text: string }[];
  /** Grid lines across the candles' area, each with its price in the gutter beyond it. */
  grid: readonly { y: number; text: string }[];
  /** The last price: a dashed line across the candles and its tag in the gutter. */
  last: { y: number; text: string } | undefined;
  theme: Theme;
}

export interface Theme {
  rise: string;
  fall: string;
  muted: string;
  line: string;
  accent: string;
  accentFill: string;
  accentText: string;
  font: string;
}

/** The height of the last price's tag in the gutter. */
export const LAST_TAG = 18;

type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Paints a frame: grid and price axis, candles, time axis, then the last price over them. */
export function paintFrame(ctx: Context, f: CandleFrame): void {
  const { canvas } = ctx;
  const [w, h] = [Math.round(f.width * f.ratio), Math.round(f.height * f.ratio)];
  if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
  const { rise, fall, muted, line, accent, accentFill, accentText, font } = f.theme;
  ctx.setTransform(f.ratio, 0, 0, f.ratio, 0, 0);
  ctx.clearRect(0, 0, f.width, f.height);
  ctx.fillStyle = line;
  for (const { y } of f.grid) ctx.fillRect(0, Math.round(y) - 0.5, f.plotWidth, 1);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, f.plotWidth, f.height);
  ctx.clip();
  // One colour at a time: fewer state changes for the canvas.
  for (const rising of [1, 0]) {
    ctx.fillStyle = rising ? rise : fall;
    const c = f.candles;
    for (let i = 0, k = 0; i < f.rising.length; i++, k += 5) {
      if (f.rising[i] !== rising) continue;
      ctx.fillRect(c[k]! - 0.5, c[k + 1]!, 1, c[k + 2]! - c[k + 1]!);
      ctx.fillRect(c[k]! - f.body / 2, c[k + 3]!, f.body, c[k + 4]!);
    }
  }
  ctx.restore();
  ctx.fillStyle = muted;
  ctx.font = font;
  ctx.textAlign = 'left';
  for (const { y, text } of f.grid) ctx.fillText(text, f.plotWidth + 4, y + 4);
  ctx.textAlign = 'center';
  for (const label of f.times) {
    // Only whole labels, under the candles: none cut at the left edge or under the price axis.
    const half = ctx.measureText(label.text).width / 2;
    if (label.x - half >= 0 && label.x + half <= f.plotWidth) ctx.fillText(label.text, label.x, f.height - 4);
  }
  if (!f.last) return;
  const y = Math.round(f.last.y) + 0.5;
  ctx.strokeStyle = accent;
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(0, y);
  ctx.lineTo(f.plotWidth, y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = accentFill;
  ctx.beginPath();
  ctx.roundRect(f.plotWidth, f.last.y - LAST_TAG / 2, f.width - f.plotWidth, LAST_TAG, 3);
  ctx.fill();
  ctx.fillStyle = accentText;
  ctx.textAlign = 'left';
  ctx.fillText(f.last.text, f.plotWidth + 4, f.last.y + 4);
}
