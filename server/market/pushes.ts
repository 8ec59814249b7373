import { MARKET_STATUS } from '../../contract/market';
import { DAY_MARKET, type DayMarketFrame, type KlineFrame, type MarketStatusFrame } from '../../contract/socket';
import type { Hub } from '../platform/ws/hub';
import type { Market } from './market';

/** Publishes every quote, candle and opening or closing to the socket hub, each serialised once whatever the number of peers. */
export function marketPushes(market: Market, hub: Hub): () => void {
  return market.subscribe((event) => {
    if (event.type === 'quote') {
      const frame: DayMarketFrame = { type: DAY_MARKET, symbol: event.code, time: event.quote.time, quotation: { ...event.day, ask: event.quote.ask } };
      hub.publish(DAY_MARKET, event.code, JSON.stringify(frame));
    } else if (event.type === 'status') {
      const frame: MarketStatusFrame = { type: 'MARKET_STATUS', symbol: event.code, status: event.open ? MARKET_STATUS.open : MARKET_STATUS.closed };
      hub.publish(DAY_MARKET, `${event.code}.status`, JSON.stringify(frame));
    } else if (event.type === 'candle') {
      const frame: KlineFrame = { type: 'KLINE', symbol: event.code, kline: event.candle };
      hub.publish(`KLINE.${event.code}`, `${event.code}.${event.candle.Period}`, JSON.stringify(frame));
    }
  });
}

/** A `KLINE.` topic must name a known product; the other topics are fixed by the contract. */
export const marketTopicExists = (market: Market) => (topic: string): boolean =>
  // The code as its candles are published (`KLINE.EURUSD`): another spelling would be a topic nothing reaches.
  !topic.startsWith('KLINE.') || market.productByCode(topic.slice('KLINE.'.length))?.Code === topic.slice('KLINE.'.length);
