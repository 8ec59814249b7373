import type Decimal from 'decimal.js';
import { dec } from './decimal';

export type Period = '1min' | '5min' | '15min' | '30min' | '60min' | '1day';
export const PERIODS: readonly Period[] = ['1min', '5min', '15min', '30min', '60min', '1day'];

const MINUTE = 60_000;
/** Lengths of the intraday periods; a day has no fixed length (DST makes 23 h and 25 h days). */
export const INTRADAY_MS = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
} as const satisfies Record<Exclude<Period, '1day'>, number>;

export function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

/** The platform's clock: candles, and every time the server writes, are New York's. */
export const MARKET_ZONE = 'America/New_York';
/** The forex day rolls over at 17:00 New York. */
const ROLLOVER_HOUR = 17;

// Creating a formatter is costly; formatting is not. Only the zone's rules come from it.
const nyFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
}

function newYorkWallClock(ts: number): WallClock & { minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of nyFormat.formatToParts(new Date(ts))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

/** New York's offset from UTC at an instant, in ms (negative: -4 h in EDT, -5 h in EST). */
function newYorkOffset(ts: number): number {
  const wall = newYorkWallClock(ts);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - (ts - (((ts % 1000) + 1000) % 1000));
}

/** The UTC instant of a New York wall-clock time (unambiguous at 17:00: DST moves at 02:00). */
function newYorkToUtc(year: number, month: number, day: number, hour: number): number {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour);
  const guess = wallAsUtc - newYorkOffset(wallAsUtc);
  return wallAsUtc - newYorkOffset(guess);
}

/**
 * The trading day ("YYYY-MM-DD") an instant belongs to: from 17:00 New York the next day has begun,
 * so Sunday evening is Monday's session.
 */
export function tradingDay(ts: number): string {
  const wall = newYorkWallClock(ts);
  const rolled = wall.hour >= ROLLOVER_HOUR ? 1 : 0;
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day + rolled)).toISOString().slice(0, 10);
}

/** The UTC ms at which a trading day ("YYYY-MM-DD") starts: 17:00 New York the evening before. */
export function tradingDayStart(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  if (year === undefined || month === undefined || date === undefined) throw new RangeError(`not a day: ${day}`);
  return newYorkToUtc(year, month, date - 1, ROLLOVER_HOUR);
}

// The last day looked up: every tick asks, and nearly all fall in the same day (saves ~10 µs each).
let lastDay = { start: 0, end: 0 };

function dayBucketStart(ts: number): number {
  if (ts >= lastDay.start && ts < lastDay.end) return lastDay.start;
  const day = tradingDay(ts);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = newYorkToUtc(year, month, date - 1, ROLLOVER_HOUR);
  lastDay = { start, end: newYorkToUtc(year, month, date, ROLLOVER_HOUR) };
  return start;
}

/** Start (UTC ms) of the candle an instant falls in; the candle's `Time`. */
export function bucketStart(ts: number, period: Period): number {
  if (period === '1day') return dayBucketStart(ts);
  const size = INTRADAY_MS[period];
  return Math.floor(ts / size) * size;
}

/** A candle of bid prices; prices as exact decimal text, Volume the number of ticks. */
export interface Candle {
  Time: number;
  Open: string;
  High: string;
  Low: string;
  Close: string;
  Volume: number;
}

export interface Tick {
  ts: number;
  bid: Decimal.Value;
}

/**
 * Folds one bid tick into the current candle. A tick of a later bucket closes the current candle
 * (returned as `closed`) and opens the next. A late tick of an earlier bucket is dropped: that bar
 * was already published.
 */
export function foldTick(current: Candle | undefined, tick: Tick, period: Period): { candle: Candle; closed?: Candle } {
  const time = bucketStart(tick.ts, period);
  const price = dec(tick.bid);
  const text = price.toFixed();
  if (current === undefined || time > current.Time) {
    const candle: Candle = { Time: time, Open: text, High: text, Low: text, Close: text, Volume: 1 };
    return current === undefined ? { candle } : { candle, closed: current };
  }
  if (time < current.Time) return { candle: current };
  return {
    candle: {
      Time: current.Time,
      Open: current.Open,
      High: price.gt(dec(current.High)) ? text : current.High,
      Low: price.lt(dec(current.Low)) ? text : current.Low,
      Close: text,
      Volume: current.Volume + 1,
    },
  };
}
