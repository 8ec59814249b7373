import { fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { contentCalls } from '../../../contract/content';
import { marketCalls } from '../../../contract/market';
import { companyDirectoryMachine } from '../../../machines/market/company-directory';
import { productPageMachine } from '../../../machines/market/product-page';
import { productSearchMachine } from '../../../machines/market/product-search';
import { call } from '../../shared/api/client';
import { screenStorage } from '../../shared/storage/screen-storage';

/** Product search by code, bound to the product list call. */
export const searchFlow = () =>
  productSearchMachine.provide({
    actors: { search: fromPromise(({ input, signal }) => call(marketCalls.tradeList, { searchCurrency: input.query }, { signal })) },
  });

/** Which /product this site shows, from its base settings. */
export const productPageFlow = () =>
  productPageMachine.provide({
    actors: { loadMainMode: fromPromise(async (): Promise<number> => (await call(accountCalls.basicInfo, {}, { showErrorMessage: false })).main_mode ?? 0) },
  });

/** The company directory, bound to the company call; the chosen company is remembered. */
export const directoryFlow = () =>
  companyDirectoryMachine.provide({
    actors: { search: fromPromise(({ input, signal }) => call(contentCalls.companies, input.name ? { name: input.name } : {}, { signal })) },
    actions: { remember: (_, { id }) => screenStorage.setCompanyId(id) },
  });
