import { fromPromise } from 'xstate';
import { marketCalls } from '../../../contract/market';
import { productListMachine } from '../../../machines/market/product-list';
import { call } from '../api/client';
import { quoteStore } from './quote-store';

/** The quotes list bound to the server, its snapshot's quotations handed to the quote store. */
export const productListBinding = productListMachine.provide({
  actors: {
    loadList: fromPromise(async () => {
      const [categories, products] = await Promise.all([call(marketCalls.categories, {}), call(marketCalls.tradeList, {})]);
      return { categories, products };
    }),
  },
  actions: {
    publish: (_, { products }) => {
      for (const p of products) {
        const q = p.ForexQuotations;
        // A snapshot never overwrites a newer live tick.
        if (!quoteStore.get(p.Code)) quoteStore.put(p.Code, { close: q.Close, change: q.Change, open: q.Open, high: q.High, low: q.Low, volume: q.Volume });
      }
    },
  },
});
