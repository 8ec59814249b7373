import path from 'node:path';
import type { Config } from '../platform/config';
import type { Db } from '../platform/store/open';
import { OffFeed, type Feed } from './feed';
import { LiveMarket, type MarketOptions } from './live-market';
import { ReplayFeed } from './replay';
import { SimulatedFeed } from './simulated';

/** Candles each period has after a back-fill, unless `MARKET_HISTORY` says more (the chart asks for 500). */
const HISTORY_CANDLES = 520;

/** `MARKET_FEED`: `simulated` (default), `off`, or `replay:FILE` (relative to the working folder). */
export function feedOf(
  value: string,
  seed: number,
  options: { historyCandles?: number; warn?: (message: string) => void } = {},
): Feed {
  const spec = value.trim();
  if (spec === '' || spec === 'simulated') {
    return new SimulatedFeed({ seed, historyCandles: options.historyCandles ?? HISTORY_CANDLES });
  }
  if (spec === 'off') return new OffFeed();
  if (spec.startsWith('replay:') && spec.length > 'replay:'.length) {
    return new ReplayFeed(path.resolve(spec.slice('replay:'.length)), options.warn);
  }
  throw new Error(`MARKET_FEED must be simulated, off or replay:FILE, not "${value}"`);
}

/** The market of `MARKET_FEED`, `MARKET_SEED` and `MARKET_HISTORY`, loaded, back-filled and running. */
export function openMarket(
  config: Pick<Config, 'marketFeed' | 'marketSeed'> & Partial<Pick<Config, 'marketHistory'>>,
  db: Db,
  options: Omit<MarketOptions, 'db' | 'feed'> & { historyCandles?: number } = {},
): Promise<LiveMarket> {
  const log = options.log ?? ((message: string) => console.log(message));
  const historyCandles = options.historyCandles ?? config.marketHistory;
  const feed = feedOf(config.marketFeed, config.marketSeed, { historyCandles, warn: log });
  return LiveMarket.open({ ...options, db, feed, log });
}
