import type { Instrument } from './catalogue';
import type { Feed, FeedSink, FeedStart } from './feed';
import { GAP_FACTOR, TICK_GAP_MAX, TICK_GAP_MIN, YEAR_MS, drawHistory, finishSteps, windowStart } from './history';
import { gaussian, mulberry32, roundTo, seedOf, type Random } from './random';
import { isOpen, nextChange } from './sessions';

export interface SimulatedOptions {
  seed: number;
  /** Candles every period gets on a new store (and keeps across pauses). */
  historyCandles: number;
  /** A pause longer than this (a stalled process, a sleeping laptop) is caught up with candles, not ticks. */
  catchUpMs?: number;
}

interface Walk {
  inst: Instrument;
  random: Random;
  /** The walk's bid, unrounded. */
  price: number;
  /** Time the price was last moved. */
  movedAt: number;
  open: boolean;
  /** While closed: since when (the gap on reopen grows with it). */
  closedSince: number | undefined;
  nextTick: number;
  nextChange: number;
}

/**
 * Geometric Brownian motion per instrument, no drift: each tick moves the log bid by
 * volatility x sqrt(elapsed years) x N(0,1); ask = bid + spread. Ticks come 200-1000 ms apart while
 * the instrument's session is open; on reopen the price gaps by a share of the closed time's
 * variance. Every instrument has its own random stream from (seed, code), so one instrument's path
 * does not depend on which others exist.
 */
export class SimulatedFeed implements Feed {
  readonly kind = 'simulated';
  private walks: Walk[] = [];
  private cursor = 0;
  private readonly catchUpMs: number;

  constructor(private readonly options: SimulatedOptions) {
    this.catchUpMs = options.catchUpMs ?? 60_000;
  }

  async prepare(sink: FeedSink, instruments: FeedStart[], now: number): Promise<void> {
    const count = this.options.historyCandles;
    this.walks = [];
    for (const { inst, last } of instruments) {
      // A first start draws thousands of candles per instrument: timers (a lease renewal) run between them.
      await new Promise((resolve) => setImmediate(resolve));
      const random = mulberry32(seedOf(this.options.seed, inst.code, last?.time ?? 'new'));
      let price: number;
      let movedAt: number;
      if (!last) {
        // A new store: a walk over the window, scaled so that it ends at the catalogue's price.
        const from = windowStart(inst, '1day', now, count);
        const raw = drawHistory({ inst, from, fromPrice: inst.startPrice, to: now, count, random });
        const factor = inst.startPrice / (raw.at(-1)?.close ?? inst.startPrice);
        const steps = finishSteps(raw, inst.pricePrecision, factor);
        sink.history(inst, steps);
        price = steps.at(-1)?.close ?? inst.startPrice;
        movedAt = steps.at(-1)?.end ?? now;
      } else if (now - last.time > 1000) {
        // A restart: continue from the stored bid and fill the time the server was away.
        const steps = finishSteps(
          drawHistory({ inst, from: last.time, fromPrice: last.bid, to: now, count, random }),
          inst.pricePrecision,
        );
        sink.history(inst, steps);
        price = steps.at(-1)?.close ?? last.bid;
        movedAt = steps.at(-1)?.end ?? last.time;
      } else {
        price = last.bid;
        movedAt = last.time;
      }
      const open = isOpen(inst.session, now);
      sink.status(inst, open, now);
      this.walks.push({
        inst, random, price, movedAt, open,
        closedSince: open ? undefined : movedAt,
        nextTick: open ? now + this.gap(random) : Infinity,
        nextChange: nextChange(inst.session, now),
      });
    }
    this.cursor = now;
  }

  begin(): void {}

  nextDue(): number {
    let due = Infinity;
    for (const w of this.walks) due = Math.min(due, w.nextTick, w.nextChange);
    return due;
  }

  advance(sink: FeedSink, to: number): void {
    if (to <= this.cursor) return;
    if (to - this.cursor > this.catchUpMs) return this.catchUp(sink, to);
    // Every instrument's next event, earliest first: subscribers see one timeline.
    for (;;) {
      let walk: Walk | undefined;
      let due = Infinity;
      for (const w of this.walks) {
        const next = Math.min(w.nextTick, w.nextChange);
        if (next < due) {
          due = next;
          walk = w;
        }
      }
      if (!walk || due > to) break;
      if (walk.nextChange <= walk.nextTick) this.change(sink, walk, due);
      else this.tick(sink, walk, due);
    }
    this.cursor = to;
  }

  private gap(random: Random): number {
    return TICK_GAP_MIN + Math.floor((TICK_GAP_MAX - TICK_GAP_MIN + 1) * random());
  }

  private tick(sink: FeedSink, w: Walk, time: number): void {
    const { inst } = w;
    w.price *= Math.exp(inst.volatility * Math.sqrt(Math.max(1, time - w.movedAt) / YEAR_MS) * gaussian(w.random));
    w.movedAt = time;
    const bid = roundTo(w.price, inst.pricePrecision);
    sink.tick(inst, bid, roundTo(bid + inst.spread, inst.pricePrecision), time);
    w.nextTick = time + this.gap(w.random);
  }

  private change(sink: FeedSink, w: Walk, time: number): void {
    const open = isOpen(w.inst.session, time);
    w.nextChange = nextChange(w.inst.session, time);
    if (open === w.open) return;
    w.open = open;
    if (open) {
      const closed = time - (w.closedSince ?? time);
      w.price *= Math.exp(w.inst.volatility * Math.sqrt(closed / YEAR_MS) * GAP_FACTOR * gaussian(w.random));
      w.movedAt = time;
      w.closedSince = undefined;
      w.nextTick = time + Math.floor(this.gap(w.random) / 4);
    } else {
      w.closedSince = time;
      w.nextTick = Infinity;
    }
    sink.status(w.inst, open, time);
  }

  /** After a long pause: candles for the missed time instead of a flood of ticks. */
  private catchUp(sink: FeedSink, to: number): void {
    for (const w of this.walks) {
      const { inst } = w;
      const steps = finishSteps(
        drawHistory({
          inst, from: this.cursor, fromPrice: w.price, to, count: this.options.historyCandles, random: w.random,
          closedSince: w.open ? undefined : w.closedSince,
        }),
        inst.pricePrecision,
      );
      sink.history(inst, steps);
      const last = steps.at(-1);
      if (last) {
        w.price = last.close;
        w.movedAt = last.end;
      }
      const open = isOpen(inst.session, to);
      if (open !== w.open) {
        w.open = open;
        sink.status(inst, open, to);
      }
      w.closedSince = open ? undefined : last ? last.end : (w.closedSince ?? this.cursor);
      w.nextTick = open ? to + this.gap(w.random) : Infinity;
      w.nextChange = nextChange(inst.session, to);
    }
    this.cursor = to;
  }
}
