import { fromPromise } from 'xstate';
import { marketCalls } from '../../../contract/market';
import { productListMachine } from '../../../machines/market/product-list';
import { call } from '../api/client';
import { hasKeptQuotes, keepQuotes, keptQuotes } from './offline-quotes';
import { quoteStore } from './quote-store';

/** The quotes list bound to the server, its snapshot's quotations handed to the quote store. */
export const productListBinding = productListMachine.provide({
  actors: {
    loadList: fromPromise(async () => {
      // With a list kept from an earlier visit, a failed call is not news: the kept prices show, marked.
      const options = { showErrorMessage: !hasKeptQuotes() };
      try {
        const [categories, products] = await Promise.all([call(marketCalls.categories, {}, options), call(marketCalls.tradeList, {}, options)]);
        keepQuotes(categories, products);
        return { categories, products };
      } catch (error) {
        const kept = keptQuotes();
        if (!kept) throw error;
        return { categories: kept.categories, products: kept.products };
      }
    }),
  },
  actions: {
    publish: (_, { products }) => {
      for (const p of products) {
        const q = p.ForexQuotations;
        // A snapshot never overwrites a newer live tick.
        if (!quoteStore.get(p.Code)) quoteStore.put(p.Code, { close: q.Close, ask: q.Ask, change: q.Change, open: q.Open, high: q.High, low: q.Low, volume: q.Volume });
      }
    },
  },
});
