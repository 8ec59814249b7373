import { describe, expect, it } from 'vitest';
import { INSTRUMENTS, type Instrument } from '../../server/market/catalogue';
import type { FeedSink } from '../../server/market/feed';
import type { HistoryStep } from '../../server/market/history';
import { mulberry32, seedOf } from '../../server/market/random';
import { parseReplay } from '../../server/market/replay';
import { SimulatedFeed } from '../../server/market/simulated';

const instruments: Instrument[] = INSTRUMENTS.map((seed, i) => ({ ...seed, id: i + 1, sort: i + 1, logo: '', marketStatus: 0 }));
const byCode = (code: string) => instruments.find((i) => i.code === code)!;
const at = (iso: string) => Date.parse(iso);

type Event =
  | { kind: 'tick'; code: string; bid: number; ask: number; time: number }
  | { kind: 'status'; code: string; open: boolean; time: number };

/** A sink that writes everything down. */
function recorder() {
  const events: Event[] = [];
  const history = new Map<string, HistoryStep[]>();
  const sink: FeedSink = {
    tick: (inst, bid, ask, time) => void events.push({ kind: 'tick', code: inst.code, bid, ask, time }),
    status: (inst, open, time) => void events.push({ kind: 'status', code: inst.code, open, time }),
    history: (inst, steps) => void history.set(inst.code, [...(history.get(inst.code) ?? []), ...steps]),
  };
  return { sink, events, history };
}

/** A restarted feed (no back-fill): `last` given a moment before `now`. */
async function run(seed: number, codes: string[], from: number, to: number, stepMs = 1000) {
  const feed = new SimulatedFeed({ seed, historyCandles: 20 });
  const { sink, events } = recorder();
  await feed.prepare(sink, codes.map((code) => ({ inst: byCode(code), last: { bid: byCode(code).startPrice, time: from - 500 } })), from);
  for (let t = from; t <= to; t += stepMs) feed.advance(sink, t);
  return events;
}

describe('simulated feed', () => {
  const wednesday = at('2024-03-13T15:00:00Z');

  it('draws the same path from the same seed, and another from another seed', async () => {
    const codes = ['EURUSD', 'XAUUSD', 'BTCUSD'];
    const a = await run(42, codes, wednesday, wednesday + 60_000);
    const b = await run(42, codes, wednesday, wednesday + 60_000);
    const c = await run(43, codes, wednesday, wednesday + 60_000);
    expect(a.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('does not depend on how often it is driven', async () => {
    const coarse = await run(5, ['BTCUSD', 'EURUSD'], wednesday, wednesday + 30_000, 5000);
    const fine = await run(5, ['BTCUSD', 'EURUSD'], wednesday, wednesday + 30_000, 37);
    expect(fine).toEqual(coarse);
  });

  it('ticks 1 to 5 times a second per instrument, in time order, with ask = bid + spread', async () => {
    const events = await run(9, ['EURUSD', 'USDJPY', 'BTCUSD'], wednesday, wednesday + 120_000);
    const times = events.map((e) => e.time);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    for (const code of ['EURUSD', 'USDJPY', 'BTCUSD']) {
      const inst = byCode(code);
      const ticks = events.filter((e): e is Extract<Event, { kind: 'tick' }> => e.kind === 'tick' && e.code === code);
      expect(ticks.length).toBeGreaterThanOrEqual(120);
      expect(ticks.length).toBeLessThanOrEqual(600);
      for (let i = 1; i < ticks.length; i++) {
        const gap = ticks[i]!.time - ticks[i - 1]!.time;
        expect(gap).toBeGreaterThanOrEqual(200);
        expect(gap).toBeLessThanOrEqual(1000);
      }
      for (const t of ticks) {
        expect(t.ask - t.bid).toBeCloseTo(inst.spread, inst.pricePrecision + 1);
        expect(Number(t.bid.toFixed(inst.pricePrecision))).toBe(t.bid);
      }
    }
  });

  it('closes forex at Friday 17:00 New York, stays quiet over the weekend and reopens with a gap', async () => {
    const friday = at('2024-07-12T20:58:00Z'); // 16:58 EDT
    const feed = new SimulatedFeed({ seed: 3, historyCandles: 20 });
    const { sink, events } = recorder();
    await feed.prepare(sink, [{ inst: byCode('EURUSD'), last: { bid: 1.085, time: friday - 100 } }, { inst: byCode('BTCUSD'), last: { bid: 65000, time: friday - 100 } }], friday);
    for (let t = friday; t <= friday + 5 * 60_000; t += 1000) feed.advance(sink, t);
    const close = at('2024-07-12T21:00:00Z');
    expect(events.filter((e) => e.kind === 'status' && e.time > friday)).toEqual([{ kind: 'status', code: 'EURUSD', open: false, time: close }]);
    expect(events.filter((e) => e.code === 'EURUSD' && e.kind === 'tick' && e.time >= close)).toEqual([]);
    expect(events.filter((e) => e.code === 'BTCUSD' && e.kind === 'tick' && e.time >= close).length).toBeGreaterThan(100);
    // A long pause (the weekend, seen at once) is caught up with candles, then ticks resume at the open.
    const reopen = at('2024-07-14T21:00:00Z'); // Sunday 17:00 EDT
    feed.advance(sink, reopen - 1000);
    const before = events.length;
    for (let t = reopen - 1000; t <= reopen + 10_000; t += 500) feed.advance(sink, t);
    const after = events.slice(before).filter((e) => e.code === 'EURUSD');
    expect(after[0]).toEqual({ kind: 'status', code: 'EURUSD', open: true, time: reopen });
    const lastFriday = events.filter((e) => e.code === 'EURUSD' && e.kind === 'tick' && e.time < close).at(-1) as { bid: number };
    const firstSunday = after.find((e) => e.kind === 'tick') as { bid: number };
    // A tick moves EURUSD ~0.1 pip; the weekend gap is ~20 (0.35 of two days' volatility).
    expect(Math.abs(firstSunday.bid - lastFriday.bid)).toBeGreaterThan(0.0003);
    expect(events.every((e) => Number.isInteger(e.time))).toBe(true);
  });

  it('back-fills a new store so that the history ends at the catalogue price', async () => {
    const feed = new SimulatedFeed({ seed: 1, historyCandles: 30 });
    const { sink, history } = recorder();
    await feed.prepare(sink, [{ inst: byCode('EURUSD') }, { inst: byCode('GER40') }], wednesday);
    for (const code of ['EURUSD', 'GER40']) {
      const steps = history.get(code)!;
      expect(steps.at(-1)!.close).toBe(byCode(code).startPrice);
      // Continuous: each step starts where the last one ended, and the levels run from days to minutes.
      for (let i = 1; i < steps.length; i++) expect(steps[i]!.start).toBeGreaterThanOrEqual(steps[i - 1]!.end);
      expect(steps[0]!.period).toBe('1day');
      expect(steps.at(-1)!.period).toBe('1min');
      for (const s of steps) {
        expect(s.high).toBeGreaterThanOrEqual(Math.max(s.open, s.close));
        expect(s.low).toBeLessThanOrEqual(Math.min(s.open, s.close));
        expect(s.volume).toBeGreaterThan(0);
      }
    }
  });
});

describe('seeded random source', () => {
  it('repeats for a seed and differs between streams', () => {
    const a = mulberry32(seedOf(1, 'EURUSD'));
    const b = mulberry32(seedOf(1, 'EURUSD'));
    const c = mulberry32(seedOf(1, 'GBPUSD'));
    const xs = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(xs);
    expect(Array.from({ length: 5 }, c)).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('replay file', () => {
  it('keeps valid lines in time order and warns about each malformed one', () => {
    const warnings: string[] = [];
    const text = [
      '{"t": 100, "code": "EURUSD", "bid": 1.085, "ask": 1.0852}',
      'not json',
      '{"t": 50, "code": "XAUUSD", "bid": 2350.1, "ask": 2350.4}',
      '{"t": 60, "code": "NOPE", "bid": 1, "ask": 2}',
      '{"t": -1, "code": "EURUSD", "bid": 1.085, "ask": 1.0852}',
      '{"t": 70, "code": "EURUSD", "bid": "1.085", "ask": 1.0852}',
      '{"t": 80, "code": "EURUSD", "bid": 1.09, "ask": 1.08}',
      '',
      '[1, 2]',
      '{"t": 100, "code": "XAUUSD", "open": false}',
      '{"t": 90, "code": "EURUSD", "bid": 1.0851, "ask": 1.0853, "open": "no"}',
    ].join('\n');
    const lines = parseReplay(text, (code) => code !== 'NOPE', (w) => warnings.push(w));
    expect(lines).toEqual([
      { t: 50, code: 'XAUUSD', bid: 2350.1, ask: 2350.4, open: true },
      { t: 100, code: 'EURUSD', bid: 1.085, ask: 1.0852, open: true },
      { t: 100, code: 'XAUUSD', open: false },
    ]);
    expect(warnings.map((w) => w.match(/^replay line (\d+)/)?.[1])).toEqual(['2', '4', '5', '6', '7', '9', '11']);
  });
});
