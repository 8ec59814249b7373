/// <reference lib="webworker" />
import { paintFrame, type CandleFrame } from './candle-frame';

/**
 * Paints the charts' canvases off the main thread. A chart's canvas arrives once (`canvas`), then
 * its frames; only the newest frame of each canvas is painted, once per animation frame. `release`
 * forgets a canvas that left the page.
 */
const contexts = new Map<number, OffscreenCanvasRenderingContext2D>();
const due = new Map<number, CandleFrame>();
let scheduled = false;

function paintDue() {
  scheduled = false;
  for (const [id, frame] of due) {
    const ctx = contexts.get(id);
    if (ctx) paintFrame(ctx, frame);
  }
  due.clear();
}

self.onmessage = (event: MessageEvent<{ id: number; canvas?: OffscreenCanvas; frame?: CandleFrame; release?: true }>) => {
  const { id, canvas, frame, release } = event.data;
  if (release) {
    contexts.delete(id);
    due.delete(id);
    return;
  }
  if (canvas) {
    const ctx = canvas.getContext('2d');
    if (ctx) contexts.set(id, ctx);
  }
  if (!frame) return;
  due.set(id, frame);
  if (scheduled) return;
  scheduled = true;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(paintDue);
  else setTimeout(paintDue, 0);
};
