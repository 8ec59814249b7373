import { describe, expect, it } from 'vitest';
import { caughtUp, withLive, type ChartContext } from '../../machines/market/chart';

const c = (Time: number, Close: number) => ({ Time, Open: 1, High: 2, Low: 0.5, Close, Volume: 1, Period: '1min' as const });
const ctx = (history: ReturnType<typeof c>[], live?: ReturnType<typeof c>): ChartContext =>
  ({ productId: 1, code: 'EURUSD', period: '1min', history, live, complete: false });

describe('live candle', () => {
  it('replaces the live candle of the same bucket and keeps the history array as it is', () => {
    const history = [c(0, 1)];
    const next = withLive(ctx(history, c(60_000, 1.1)), c(60_000, 1.2));
    expect(next.live?.Close).toBe(1.2);
    expect(next.history).toBe(history);
  });
  it('retires the live candle into history when a new bucket starts', () => {
    const next = withLive(ctx([c(0, 1)], c(60_000, 1.1)), c(120_000, 1.3));
    expect(next.history?.map((x) => x.Time)).toEqual([0, 60_000]);
    expect(next.live?.Time).toBe(120_000);
  });
  it('ignores a candle older than the one shown', () => {
    expect(withLive(ctx([c(0, 1)], c(60_000, 1.1)), c(0, 9))).toEqual({});
  });
});

describe('catching up after the feed was down', () => {
  it('puts in the candles missed and the half-built one as finished, and keeps older history', () => {
    // Shown: 0, 1 and a live 2 left half-built (High 2); minutes 3 and 4 were missed.
    const shown = ctx([c(0, 1), c(60_000, 1)], { ...c(120_000, 1), High: 2 });
    const newest = [c(60_000, 1), { ...c(120_000, 1.5), High: 2.5 }, c(180_000, 1.6), c(240_000, 1.7)];
    const next = caughtUp(shown, newest);
    expect(next.history!.map((k) => k.Time)).toEqual([0, 60_000, 120_000, 180_000]);
    expect(next.history![2]!.High).toBe(2.5);
    expect(next.live?.Time).toBe(240_000);
  });
  it('an empty answer changes nothing', () => {
    expect(caughtUp(ctx([c(0, 1)]), [])).toEqual({});
  });
});
