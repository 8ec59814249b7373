import { chartMachine, PAGE } from '../../machines/market/chart';
import { pathSuite } from './runner';

const candle = (Time: number, Close = 1.1) => ({ Time, Open: 1.1, High: 1.2, Low: 1.0, Close, Volume: 3, Period: '15min' as const });

pathSuite('chart', {
  machine: chartMachine,
  input: { period: '15min' },
  events: [
    { type: 'PRODUCT.SELECT', productId: 1, code: 'EURUSD' },
    { type: 'PRODUCT.SELECT', productId: 2, code: 'XAUUSD' },
    { type: 'PERIOD.SELECT', period: '1min' },
    { type: 'HISTORY.MORE' },
    { type: 'CANDLE.LIVE', code: 'EURUSD', candle: candle(2_000_000) },
    { type: 'CHART.RETRY' },
    { type: 'CHART.CATCH_UP' },
  ],
  // A full page means older candles may exist; a short one means history is complete.
  outputs: {
    loadCandles: [[candle(900_000), candle(1_800_000)], Array.from({ length: PAGE }, (_, i) => candle(i * 900_000))],
    loadOlder: [[candle(-900_000)]],
    loadNewest: [[candle(1_800_000), candle(2_700_000)]],
  },
  realChildren: ['liveCandles', 'chosenProduct', 'reconnects'],
  project: (c) => [c.productId ?? null, c.period, c.history.length, c.live?.Time ?? null, c.complete],
});
