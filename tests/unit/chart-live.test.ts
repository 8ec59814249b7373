import { describe, expect, it } from 'vitest';
import { withLive, type ChartContext } from '../../machines/market/chart';

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
