import { describe, expect, it } from 'vitest';
import { bucketEnd, bucketStart } from '../../server/market/buckets';
import { isOpen, newYorkClock, nextChange, openMs, type SessionKind } from '../../server/market/sessions';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('trading sessions in New York time', () => {
  // [session, instant (UTC), New York wall clock, open?]
  it.each<[SessionKind, string, string, boolean]>([
    // Forex: Sunday 17:00 to Friday 17:00, in winter (EST, UTC-5) and in summer (EDT, UTC-4).
    ['forex', '2024-01-13T17:00:00Z', 'Sat 12:00 EST', false],
    ['forex', '2024-07-13T16:00:00Z', 'Sat 12:00 EDT', false],
    ['forex', '2024-01-14T21:59:59Z', 'Sun 16:59:59 EST', false],
    ['forex', '2024-01-14T22:00:00Z', 'Sun 17:00 EST', true],
    ['forex', '2024-07-14T20:59:59Z', 'Sun 16:59:59 EDT', false],
    ['forex', '2024-07-14T21:00:00Z', 'Sun 17:00 EDT', true],
    ['forex', '2024-01-12T21:59:59Z', 'Fri 16:59:59 EST', true],
    ['forex', '2024-01-12T22:00:00Z', 'Fri 17:00 EST', false],
    ['forex', '2024-07-12T20:59:59Z', 'Fri 16:59:59 EDT', true],
    ['forex', '2024-07-12T21:00:00Z', 'Fri 17:00 EDT', false],
    // The weekends DST starts (10 March 2024, 02:00) and ends (3 November 2024, 02:00).
    ['forex', '2024-03-10T20:59:00Z', 'Sun 16:59 EDT, DST began that morning', false],
    ['forex', '2024-03-10T21:00:00Z', 'Sun 17:00 EDT, DST began that morning', true],
    ['forex', '2024-11-03T21:59:00Z', 'Sun 16:59 EST, DST ended that morning', false],
    ['forex', '2024-11-03T22:00:00Z', 'Sun 17:00 EST, DST ended that morning', true],
    ['forex', '2024-03-13T21:30:00Z', 'Wed 17:30 EDT (no daily pause)', true],
    // Metals, energy, US indices: Globex hours, Sunday 18:00, a daily pause 17:00-18:00.
    ['metals', '2024-01-14T22:30:00Z', 'Sun 17:30 EST', false],
    ['metals', '2024-01-14T23:00:00Z', 'Sun 18:00 EST', true],
    ['energy', '2024-07-16T21:30:00Z', 'Tue 17:30 EDT', false],
    ['energy', '2024-07-16T22:00:00Z', 'Tue 18:00 EDT', true],
    ['index_us', '2024-01-16T21:59:00Z', 'Tue 16:59 EST', true],
    ['index_us', '2024-01-16T22:00:00Z', 'Tue 17:00 EST', false],
    ['index_us', '2024-01-19T22:30:00Z', 'Fri 17:30 EST', false],
    // European indices: weekdays 03:00-16:00.
    ['index_eu', '2024-01-15T07:59:00Z', 'Mon 02:59 EST', false],
    ['index_eu', '2024-01-15T08:00:00Z', 'Mon 03:00 EST', true],
    ['index_eu', '2024-07-15T07:00:00Z', 'Mon 03:00 EDT', true],
    ['index_eu', '2024-07-17T20:00:00Z', 'Wed 16:00 EDT', false],
    ['index_eu', '2024-07-18T06:59:00Z', 'Thu 02:59 EDT', false],
    // Crypto never closes.
    ['crypto', '2024-01-13T17:00:00Z', 'Sat 12:00 EST', true],
    ['crypto', '2024-03-10T07:30:00Z', 'Sun 03:30 EDT, just after the DST jump', true],
  ])('%s at %s (%s): open %s', (kind, iso, _wall, open) => {
    expect(isOpen(kind, at(iso))).toBe(open);
  });

  it('reads the New York wall clock with the zone rules, not a fixed offset', () => {
    expect(newYorkClock(at('2024-01-14T22:00:00Z'))).toEqual({ weekday: 0, minute: 17 * 60 });
    expect(newYorkClock(at('2024-07-14T21:00:00Z'))).toEqual({ weekday: 0, minute: 17 * 60 });
    // 2024-03-10 07:00Z is 03:00 EDT: 02:00-03:00 did not exist that night.
    expect(newYorkClock(at('2024-03-10T06:59:00Z'))).toEqual({ weekday: 0, minute: 60 + 59 });
    expect(newYorkClock(at('2024-03-10T07:00:00Z'))).toEqual({ weekday: 0, minute: 3 * 60 });
  });

  it('finds the next open and close', () => {
    expect(nextChange('forex', at('2024-07-12T15:00:00Z'))).toBe(at('2024-07-12T21:00:00Z'));
    expect(nextChange('forex', at('2024-07-13T12:00:00Z'))).toBe(at('2024-07-14T21:00:00Z'));
    expect(nextChange('forex', at('2024-01-13T12:00:00Z'))).toBe(at('2024-01-14T22:00:00Z'));
    expect(nextChange('metals', at('2024-01-16T20:00:00Z'))).toBe(at('2024-01-16T22:00:00Z'));
    expect(nextChange('metals', at('2024-01-16T22:00:00Z'))).toBe(at('2024-01-16T23:00:00Z'));
    expect(nextChange('crypto', at('2024-01-16T20:00:00Z'))).toBe(Infinity);
  });

  it('counts open time: a Globex day has 23 hours, a forex week 120', () => {
    expect(openMs('metals', at('2024-01-16T22:00:00Z'), at('2024-01-17T22:00:00Z'))).toBe(23 * HOUR);
    expect(openMs('forex', at('2024-07-14T00:00:00Z'), at('2024-07-21T00:00:00Z'))).toBe(120 * HOUR);
    expect(openMs('crypto', 0, 5 * HOUR)).toBe(5 * HOUR);
  });
});

describe('candle buckets', () => {
  it('starts the day at 17:00 New York, 23 hours long in March and 25 in November', () => {
    const spring = at('2024-03-10T12:00:00Z');
    expect(bucketStart(spring, '1day')).toBe(at('2024-03-09T22:00:00Z'));
    expect(bucketEnd(spring, '1day')).toBe(at('2024-03-10T21:00:00Z'));
    const autumn = at('2024-11-03T12:00:00Z');
    expect(bucketStart(autumn, '1day')).toBe(at('2024-11-02T21:00:00Z'));
    expect(bucketEnd(autumn, '1day')).toBe(at('2024-11-03T22:00:00Z'));
    expect(bucketStart(at('2024-03-11T20:59:59Z'), '1day')).toBe(at('2024-03-10T21:00:00Z'));
    expect(bucketStart(at('2024-03-11T21:00:00Z'), '1day')).toBe(at('2024-03-11T21:00:00Z'));
  });

  it('cuts intraday buckets on the UTC grid', () => {
    expect(bucketStart(at('2024-03-11T12:34:56Z'), '15min')).toBe(at('2024-03-11T12:30:00Z'));
    expect(bucketEnd(at('2024-03-11T12:34:56Z'), '60min')).toBe(at('2024-03-11T13:00:00Z'));
  });
});
