import { productListMachine } from '../../machines/market/product-list';
import { pathSuite } from './runner';

const category = { Id: 1, NameShowTrans: 'Forex' };
const quotation = { Open: 1.08, Close: 1.085, High: 1.09, Low: 1.07, Change: 0.46, Volume: 12 };
const product = {
  Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '', CategoryId: 1, MarketStatus: 1 as const, PricePrecision: 5, Pip: 0.01,
  ForexMinCont: 0.01, ForexMaxCont: 50, ForexContNum: 100000, MarginMode: 2, ForexFeeRate: 0.0005,
  HasForexMultiple: [{ Value: 100 }], ForexQuotations: quotation,
};

pathSuite('productList', {
  machine: productListMachine,
  events: [{ type: 'LIST.REFRESH' }, { type: 'CATEGORY.SELECT', id: 1 }],
  outputs: { loadList: [{ categories: [category], products: [product] }], reloadList: [{ categories: [category], products: [product] }] },
  project: (c) => [c.products.length, c.categoryId],
});
