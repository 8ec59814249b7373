import type { SnapshotFrom } from 'xstate';
import type { Candle, Period } from '../../contract/market';
import { canLoadMore, type chartMachine } from './chart';

export interface ChartView {
  /** Loading covers the time before a product is chosen. */
  phase: 'loading' | 'failed' | 'ready';
  period: Period;
  history: Candle[];
  live: Candle | undefined;
  /** Older candles may exist: panning to the oldest one asks for them. */
  canLoadMore: boolean;
}

export function connectChart(snapshot: SnapshotFrom<typeof chartMachine>): ChartView {
  const c = snapshot.context;
  return {
    phase: snapshot.matches('failed') ? 'failed' : snapshot.matches('ready') ? 'ready' : 'loading',
    period: c.period,
    history: c.history,
    live: c.live,
    canLoadMore: canLoadMore(c),
  };
}
