import type { Candle } from '../../../contract/market';

type Listener = (symbol: string, candle: Candle) => void;

/** KLINE frames for whoever draws a chart; the chart filters by symbol and period. */
const listeners = new Set<Listener>();

export const klineFeed = {
  emit(symbol: string, candle: Candle) {
    listeners.forEach((l) => l(symbol, candle));
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
