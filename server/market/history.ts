import { PERIODS, type Period } from '../../contract/market';
import { bucketEnd, bucketStart, previousBucket } from './buckets';
import type { Instrument } from './catalogue';
import { gaussian, roundTo, type Random } from './random';
import { isOpen, openMs } from './sessions';

/**
 * Synthetic history: the same random walk as the live feed, drawn a candle at a time instead of a
 * tick at a time. Far from `to` it steps a day at a time, nearer it steps an hour, then 30, 15, 5
 * and finally 1 minute, so that every period ends up with `candles` candles of trading time before
 * `to` while only ~`candles` steps are drawn per level. Each step is folded into its own period
 * and every longer one, so the periods agree wherever they overlap (a 60-min candle of the last
 * weeks is exactly its twelve 5-min candles, and so on).
 */

export const YEAR_MS = 365.25 * 86_400_000;
/** Live ticks arrive every 200 to 1000 ms (1 to 5 a second), 1.67 a second on average. */
export const TICK_GAP_MIN = 200;
export const TICK_GAP_MAX = 1000;
const MEAN_TICKS_PER_MS = 2 / (TICK_GAP_MIN + TICK_GAP_MAX);
/** Share of the closed time's variance that shows as the gap on reopen. */
export const GAP_FACTOR = 0.35;
/** Random-walk points drawn inside one full step (its high and low come from them). */
const POINTS_PER_STEP = 12;

/** One drawn candle: `period` is the step's resolution, [start, end) the time it covers. */
export interface HistoryStep {
  period: Period;
  start: number;
  end: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const tradable = (inst: Instrument, start: number, period: Period) =>
  period === '1day' ? openMs(inst.session, start, bucketEnd(start, period)) > 0 : isOpen(inst.session, start);

/**
 * Start of the oldest of the last `count` buckets of `period` in which the instrument trades,
 * counting back from the bucket of `to`.
 */
export function windowStart(inst: Instrument, period: Period, to: number, count: number): number {
  let start = bucketStart(to, period);
  // A bucket with trading is never further than a week of closed buckets away.
  for (let seen = 0, guard = 0; guard < count * 20 + 20_000; guard++) {
    if (tradable(inst, start, period) && ++seen >= count) return start;
    start = previousBucket(start, period);
  }
  return start;
}

/**
 * Where each resolution begins: steps at `PERIODS[i]` from `starts[i]` on, finer ones later. Each
 * start is aligned to the next longer period, so a coarse step never runs into a finer level.
 */
export function levelStarts(inst: Instrument, to: number, count: number): number[] {
  return PERIODS.map((period, i) => {
    if (period === '1day') return -Infinity;
    return bucketStart(windowStart(inst, period, to, count), PERIODS[i + 1]!);
  });
}

export interface HistoryOptions {
  inst: Instrument;
  /** Where the walk starts (a new store: `windowStart(inst, '1day', to, count)`). */
  from: number;
  fromPrice: number;
  /** The last tick before `from` was before a close (a gap is due at the first open step). */
  closedSince?: number;
  to: number;
  /** Candles each period needs before `to`. */
  count: number;
  random: Random;
}

/** The steps of the walk from `from` to `to`, prices unrounded, in time order. */
export function drawHistory(options: HistoryOptions): HistoryStep[] {
  const { inst, to, random } = options;
  const starts = levelStarts(inst, to, options.count);
  const steps: HistoryStep[] = [];
  let price = options.fromPrice;
  let closedSince = options.closedSince;
  for (let at = options.from; at < to; ) {
    // The finest level that has begun.
    let level = 0;
    while (starts[level]! > at) level++;
    const period = PERIODS[level]!;
    const end = Math.min(to, bucketEnd(at, period));
    const open = period === '1day' ? openMs(inst.session, at, end) : isOpen(inst.session, at) ? end - at : 0;
    if (open <= 0) {
      closedSince ??= at;
      at = end;
      continue;
    }
    if (closedSince !== undefined) {
      price *= Math.exp(inst.volatility * Math.sqrt(Math.max(0, at - closedSince) / YEAR_MS) * GAP_FACTOR * gaussian(random));
      closedSince = undefined;
    }
    const full = bucketEnd(at, period) - bucketStart(at, period);
    const points = Math.max(2, Math.round((POINTS_PER_STEP * open) / full));
    const sd = inst.volatility * Math.sqrt(open / points / YEAR_MS);
    const first = price;
    let high = price;
    let low = price;
    for (let i = 0; i < points; i++) {
      price *= Math.exp(sd * gaussian(random));
      high = Math.max(high, price);
      low = Math.min(low, price);
    }
    // Wicks reach a little past the drawn points, as ticks between them would.
    high *= Math.exp(Math.abs(gaussian(random)) * sd * 0.5);
    low /= Math.exp(Math.abs(gaussian(random)) * sd * 0.5);
    const volume = Math.max(1, Math.round(open * MEAN_TICKS_PER_MS * (0.6 + 0.8 * random())));
    steps.push({ period, start: at, end, open: first, high, low, close: price, volume });
    at = end;
  }
  return steps;
}

/** Multiplies every price by `factor` and rounds to the instrument's precision. */
export function finishSteps(steps: HistoryStep[], precision: number, factor = 1): HistoryStep[] {
  return steps.map((s) => ({
    ...s,
    open: roundTo(s.open * factor, precision),
    high: roundTo(s.high * factor, precision),
    low: roundTo(s.low * factor, precision),
    close: roundTo(s.close * factor, precision),
  }));
}
