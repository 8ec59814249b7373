import type { Candle } from '../../../contract/market';
import { listeners } from '../flow/listeners';

/** KLINE frames for whoever draws a chart; the chart filters by symbol and period. */
const { subscribe, tell } = listeners<[symbol: string, candle: Candle]>();

export const klineFeed = { emit: tell, subscribe };
