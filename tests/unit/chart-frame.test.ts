import { describe, expect, it } from 'vitest';
import { LAST_TAG, paintFrame, type CandleFrame } from '../../src/features/trading/trade/candle-frame';

/** A 2D context that records what is drawn (the painter runs in a worker or the page; here, neither). */
function recorder() {
  const drawn: { op: string; style: string; args: number[]; text?: string }[] = [];
  const ctx = {
    canvas: { width: 0, height: 0 },
    fillStyle: '',
    strokeStyle: '',
    font: '',
    textAlign: 'start',
    lineWidth: 1,
    setTransform() {},
    clearRect() {},
    save() {},
    restore() {},
    beginPath() {},
    rect() {},
    clip() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    fill() {},
    setLineDash() {},
    roundRect(...args: number[]) { drawn.push({ op: 'roundRect', style: ctx.fillStyle, args }); },
    fillRect(...args: number[]) { drawn.push({ op: 'fillRect', style: ctx.fillStyle, args }); },
    fillText(text: string, ...args: number[]) { drawn.push({ op: 'fillText', style: ctx.fillStyle, args, text }); },
    measureText: (text: string) => ({ width: text.length * 6 }),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, drawn, canvas: ctx.canvas };
}

const theme = { rise: 'blue', fall: 'red', muted: 'grey', line: 'silver', accent: 'navy', accentFill: 'teal', accentText: 'white', font: '10px sans-serif' };

const frame = (over: Partial<CandleFrame> = {}): CandleFrame => ({
  width: 300, height: 200, ratio: 2, plotWidth: 250, body: 5,
  // A rising candle at x 10 and a falling one at x 20: x, high, low, body top, body height.
  candles: new Float64Array([10, 20, 80, 30, 40, 20, 50, 120, 60, 10]),
  rising: new Uint8Array([1, 0]),
  times: [{ x: 10, text: '09:00' }, { x: 248, text: '10:00' }],
  grid: [{ y: 100.4, text: '1.0850' }],
  last: { y: 90, text: '1.0851' },
  theme,
  ...over,
});

describe('painting a frame of the chart', () => {
  it('sizes the canvas in device pixels', () => {
    const { ctx, canvas } = recorder();
    paintFrame(ctx, frame());
    expect(canvas).toEqual({ width: 600, height: 400 });
  });

  it('draws each candle in its colour: a wick from high to low, then its body', () => {
    const { ctx, drawn } = recorder();
    paintFrame(ctx, frame());
    const rects = drawn.filter((d) => d.op === 'fillRect' && (d.style === 'blue' || d.style === 'red'));
    expect(rects).toEqual([
      { op: 'fillRect', style: 'blue', args: [9.5, 20, 1, 60] },
      { op: 'fillRect', style: 'blue', args: [7.5, 30, 5, 40] },
      { op: 'fillRect', style: 'red', args: [19.5, 50, 1, 70] },
      { op: 'fillRect', style: 'red', args: [17.5, 60, 5, 10] },
    ]);
  });

  it('draws the grid across the plot with its price in the gutter, on whole pixels', () => {
    const { ctx, drawn } = recorder();
    paintFrame(ctx, frame());
    expect(drawn.find((d) => d.style === 'silver')).toEqual({ op: 'fillRect', style: 'silver', args: [0, 99.5, 250, 1] });
    expect(drawn.find((d) => d.text === '1.0850')).toMatchObject({ style: 'grey', args: [254, 104.4] });
  });

  it('keeps only whole time labels inside the plot', () => {
    const { ctx, drawn } = recorder();
    paintFrame(ctx, frame());
    const times = drawn.filter((d) => d.op === 'fillText' && /:/.test(d.text!)).map((d) => d.text);
    expect(times).toEqual([]); // 09:00 would be cut at the left edge, 10:00 would reach under the price axis
    const { ctx: wide, drawn: wideDrawn } = recorder();
    paintFrame(wide, frame({ times: [{ x: 100, text: '09:30' }] }));
    expect(wideDrawn.filter((d) => d.text === '09:30')).toHaveLength(1);
  });

  it('tags the last price in the gutter, over everything else', () => {
    const { ctx, drawn } = recorder();
    paintFrame(ctx, frame());
    expect(drawn.at(-2)).toEqual({ op: 'roundRect', style: 'teal', args: [250, 90 - LAST_TAG / 2, 50, LAST_TAG, 3] });
    expect(drawn.at(-1)).toMatchObject({ op: 'fillText', style: 'white', text: '1.0851' });
    const { ctx: none, drawn: noneDrawn } = recorder();
    paintFrame(none, frame({ last: undefined }));
    expect(noneDrawn.some((d) => d.op === 'roundRect')).toBe(false);
  });
});
