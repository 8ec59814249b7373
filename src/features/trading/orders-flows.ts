import { fromPromise } from 'xstate';
import { tradingCalls } from '../../../contract/trading';
import { orderDetailMachine } from '../../../machines/trading/order-detail';
import { pagedListMachine } from '../../../machines/shared/paged-list';
import { call } from '../../shared/api/client';

/** One tab of /order (query `status`: 1 holding, 0 pending, 3 history) as a paged list. */
export const ordersFlow = (status: 0 | 1 | 3) =>
  pagedListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const page = await call(tradingCalls.myDeal, { status, page: input.page });
        return { items: page.data, total: page.total, meta: { balance: page.balance, profits: page.all_fact_profits } };
      }),
    },
  });

/** The detail popup's actions, the server's message toasted on success (spec). */
export const orderDetailFlow = (changed: () => void) =>
  orderDetailMachine.provide({
    actors: {
      closeOrder: fromPromise(({ input }) => call(tradingCalls.close, input, { showSuccessMessage: true, loading: true })),
      cancelOrder: fromPromise(({ input }) => call(tradingCalls.cancel, input, { showSuccessMessage: true, loading: true })),
      saveStops: fromPromise(({ input }) => call(tradingCalls.setStopPrice, input, { showSuccessMessage: true, loading: true })),
    },
    actions: { changed },
  });

/** /mine/history: the ledger page by page, with the available and frozen USD on every load. */
export const accountHistoryFlow = () =>
  pagedListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const [detail, page] = await Promise.all([
          call(tradingCalls.forexDetail, {}),
          call(tradingCalls.forexChange, { page: input.page }),
        ]);
        return { items: page.list, total: page.total, meta: { available: detail.available, frozen: detail.frozen } };
      }),
    },
  });
