/// <reference lib="webworker" />
import { paintFrame, type CandleFrame } from './candle-frame';

/**
 * Paints the charts' canvases off the main thread. A chart's canvas arrives once (`canvas`), then
 * its frames, each painted as it comes (the page sends at most one a frame). `release` forgets a
 * canvas that left the page.
 */
const contexts = new Map<number, OffscreenCanvasRenderingContext2D>();

self.onmessage = (event: MessageEvent<{ id: number; canvas?: OffscreenCanvas; frame?: CandleFrame; release?: true }>) => {
  const { id, canvas, frame, release } = event.data;
  if (release) return void contexts.delete(id);
  const ctx = canvas ? canvas.getContext('2d') : contexts.get(id);
  if (canvas && ctx) contexts.set(id, ctx);
  if (ctx && frame) paintFrame(ctx, frame);
};
