import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bucketStart, foldTick, INTRADAY_MS, isPeriod, PERIODS, tradingDay, tradingDayStart, type Candle } from '../../../domain/candles';
import { dec } from '../../../domain/decimal';

// An independent reading of New York wall-clock time, to check the domain's own.
const nyClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const HOUR = 3_600_000;
const from2000to2040 = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('intraday buckets', () => {
  it('start at floor(ts / period) x period', () => {
    fc.assert(
      fc.property(from2000to2040, fc.constantFrom(...(Object.keys(INTRADAY_MS) as Array<keyof typeof INTRADAY_MS>)), (ts, period) => {
        const start = bucketStart(ts, period);
        expect(start % INTRADAY_MS[period]).toBe(0);
        expect(start <= ts && ts < start + INTRADAY_MS[period]).toBe(true);
      }),
    );
  });

  it('names the periods', () => {
    expect(PERIODS).toEqual(['1min', '5min', '15min', '30min', '60min', '1day']);
    expect(isPeriod('60min')).toBe(true);
    expect(isPeriod('1hour')).toBe(false);
  });
});

describe('daily buckets (17:00 New York)', () => {
  it.each([
    // Sunday evening belongs to Monday.
    { name: 'Sunday 17:00 EST opens Monday', ts: '2024-01-14T22:00:00Z', day: '2024-01-15' },
    { name: 'Sunday 16:59 EST is still Sunday', ts: '2024-01-14T21:59:00Z', day: '2024-01-14' },
    // 2024-03-10: clocks go forward at 02:00; that Sunday's evening is already EDT.
    { name: 'DST start Sunday, 17:00 EDT', ts: '2024-03-10T21:00:00Z', day: '2024-03-11' },
    { name: 'DST start Sunday, 16:59 EDT', ts: '2024-03-10T20:59:59Z', day: '2024-03-10' },
    // 2024-11-03: clocks go back at 02:00; that Sunday's evening is EST.
    { name: 'DST end Sunday, 17:00 EST', ts: '2024-11-03T22:00:00Z', day: '2024-11-04' },
    { name: 'DST end Sunday, 16:59 EST', ts: '2024-11-03T21:59:59Z', day: '2024-11-03' },
    { name: 'Friday 17:00 EDT', ts: '2024-06-14T21:00:00Z', day: '2024-06-15' },
    { name: 'year end', ts: '2024-12-31T22:00:00Z', day: '2025-01-01' },
  ])('$name: $ts -> $day', ({ ts, day }) => {
    expect(tradingDay(Date.parse(ts))).toBe(day);
    expect(bucketStart(Date.parse(ts), '1day')).toBe(tradingDayStart(day));
  });

  it('the days around the DST changes last 23 h and 25 h', () => {
    expect(tradingDayStart('2024-03-11') - tradingDayStart('2024-03-10')).toBe(23 * HOUR);
    expect(tradingDayStart('2024-11-04') - tradingDayStart('2024-11-03')).toBe(25 * HOUR);
    expect(tradingDayStart('2024-07-02') - tradingDayStart('2024-07-01')).toBe(24 * HOUR);
  });

  it('every day starts at 17:00:00 New York and contains its instants', () => {
    fc.assert(
      fc.property(from2000to2040, (ts) => {
        const start = bucketStart(ts, '1day');
        expect(nyClock.format(new Date(start))).toMatch(/17:00:00$/);
        const day = tradingDay(ts);
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
        const end = tradingDayStart(next);
        expect(start <= ts && ts < end).toBe(true);
        expect([23 * HOUR, 24 * HOUR, 25 * HOUR]).toContain(end - start);
      }),
    );
  });

  it('a Monday session starts on Sunday evening', () => {
    fc.assert(
      fc.property(from2000to2040, (ts) => {
        const day = tradingDay(ts);
        if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) return;
        expect(nyClock.format(new Date(bucketStart(ts, '1day')))).toMatch(/^Sun/);
      }),
    );
  });
});

describe('folding ticks', () => {
  it('open first, high max, low min, close last, volume = count', () => {
    const base = Date.UTC(2024, 2, 11, 12, 0, 0);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 59_999 }), fc.integer({ min: 100_000, max: 200_000 })), { minLength: 1, maxLength: 50 }), (raw) => {
        const ticks = [...raw].sort((a, b) => a[0] - b[0]).map(([ms, units]) => ({ ts: base + ms, bid: dec(units).div(100_000) }));
        let candle: Candle | undefined;
        for (const tick of ticks) {
          const next = foldTick(candle, tick, '1min');
          expect(next.closed).toBeUndefined();
          candle = next.candle;
        }
        const bids = ticks.map((t) => t.bid);
        expect(candle).toBeDefined();
        const c = candle!;
        expect(c.Time).toBe(base);
        expect(dec(c.Open).eq(bids[0]!)).toBe(true);
        expect(dec(c.Close).eq(bids[bids.length - 1]!)).toBe(true);
        expect(dec(c.High).eq(bids.reduce((a, b) => (b.gt(a) ? b : a)))).toBe(true);
        expect(dec(c.Low).eq(bids.reduce((a, b) => (b.lt(a) ? b : a)))).toBe(true);
        expect(c.Volume).toBe(ticks.length);
      }),
    );
  });

  it('drops a late tick of an earlier bucket', () => {
    const first = foldTick(undefined, { ts: Date.UTC(2024, 0, 2, 10, 5), bid: '1.1' }, '5min').candle;
    const late = foldTick(first, { ts: Date.UTC(2024, 0, 2, 10, 4, 59), bid: '9.9' }, '5min');
    expect(late.candle).toBe(first);
    expect(late.closed).toBeUndefined();
  });

  it('builds daily candles on New York days', () => {
    const friday = foldTick(undefined, { ts: Date.parse('2024-01-12T15:00:00Z'), bid: '1.2' }, '1day').candle;
    const sunday = foldTick(friday, { ts: Date.parse('2024-01-14T22:00:05Z'), bid: '1.3' }, '1day');
    expect(sunday.closed).toBe(friday);
    expect(sunday.candle.Time).toBe(Date.parse('2024-01-14T22:00:00Z'));
  });
});
