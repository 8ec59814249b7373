import { PERIODS, type Period } from '../../contract/market';
import { INTRADAY_MS, bucketStart as domainBucketStart } from '../../domain/candles';

const HOUR = 3_600_000;
/** A trading day lasts 23 to 25 hours; this lands inside the next one. */
const INTO_NEXT_DAY = 25.5 * HOUR;

// The daily bucket needs the zone's rules (Intl calls). 17:00 New York is a whole UTC hour, so every
// instant of a UTC hour has the same daily bucket: remember it per hour.
const days = new Map<number, { from: number; to: number }>();
let dayFrom = 0;
let dayTo = -1;

function dayBounds(ts: number): void {
  if (ts >= dayFrom && ts < dayTo) return;
  const hour = Math.floor(ts / HOUR);
  let day = days.get(hour);
  if (!day) {
    const from = domainBucketStart(ts, '1day');
    day = { from, to: domainBucketStart(from + INTO_NEXT_DAY, '1day') };
    if (days.size > 100_000) days.clear();
    days.set(hour, day);
  }
  dayFrom = day.from;
  dayTo = day.to;
}

/** Start of the candle `ts` falls in (intraday: UTC-aligned; daily: 17:00 New York). */
export function bucketStart(ts: number, period: Period): number {
  if (period !== '1day') return Math.floor(ts / INTRADAY_MS[period]) * INTRADAY_MS[period];
  dayBounds(ts);
  return dayFrom;
}

/** End (exclusive) of the candle `ts` falls in. */
export function bucketEnd(ts: number, period: Period): number {
  if (period !== '1day') return Math.floor(ts / INTRADAY_MS[period]) * INTRADAY_MS[period] + INTRADAY_MS[period];
  dayBounds(ts);
  return dayTo;
}

/** Start of the candle before the one starting at `start`. */
export function previousBucket(start: number, period: Period): number {
  return period === '1day' ? bucketStart(start - 1, '1day') : start - INTRADAY_MS[period];
}

export const periodIndex = (period: Period) => PERIODS.indexOf(period);
