import { fromPromise } from 'xstate';
import { marketCalls } from '../../../contract/market';
import { productSearchMachine } from '../../../machines/market/product-search';
import { call } from '../../shared/api/client';

/** Product search by code, bound to the product list call. */
export const searchFlow = () =>
  productSearchMachine.provide({
    actors: { search: fromPromise(({ input, signal }) => call(marketCalls.tradeList, { searchCurrency: input.query }, { signal })) },
  });
