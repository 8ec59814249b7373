import { productSearchMachine } from '../../machines/market/product-search';
import { pathSuite } from './runner';

const product = {
  Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '', CategoryId: 1, MarketStatus: 1 as const, PricePrecision: 5, Pip: 0.01,
  ForexMinCont: 0.01, ForexMaxCont: 50, ForexContNum: 100000, MarginMode: 2, ForexFeeRate: 0.0005,
  HasForexMultiple: [{ Value: 100 }], ForexQuotations: { Open: 1, Close: 1, High: 1, Low: 1, Change: 0, Volume: 0 },
};

pathSuite('productSearch', {
  machine: productSearchMachine,
  events: [{ type: 'QUERY.CHANGE', value: 'eur' }, { type: 'QUERY.CHANGE', value: '' }],
  outputs: { search: [[product]] },
  project: (c) => [c.query, c.results.length],
});
