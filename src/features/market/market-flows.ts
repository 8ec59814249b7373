import { fromPromise } from 'xstate';
import { tradingCalls } from '../../../contract/trading';
import { productSearchMachine } from '../../../machines/market/product-search';
import { call } from '../../shared/api/client';

/** Product search by code, bound to the product list call. */
export const searchFlow = () =>
  productSearchMachine.provide({
    actors: { search: fromPromise(({ input, signal }) => call(tradingCalls.tradeList, { searchCurrency: input.query }, { signal })) },
  });
