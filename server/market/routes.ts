import { marketCalls as calls } from '../../contract/market';
import { refuse } from '../platform/http/refusal';
import type { Deps } from '../deps';

/** The market's public calls: products, categories and chart candles. */
export function marketRoutes({ market, route }: Deps): void {
  const known = (id: number) => market.product(id) ?? refuse('product_unknown');

  route(calls.tradeList, async ({ searchCurrency }) => market.products(searchCurrency));
  route(calls.categories, async (_input, { lang }) => market.categories(lang));
  route(calls.kline, async ({ forex_id, period, before, limit }) => {
    known(forex_id);
    return market.candles(forex_id, period, { before, limit });
  });
  route(calls.sparkline, async ({ forex_id, period }) => {
    known(forex_id);
    return market.sparkline(forex_id, period);
  });
}
