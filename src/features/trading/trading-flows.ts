import { fromCallback, fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { ORDER_TAB, tradingCalls, type Order } from '../../../contract/trading';
import { pagedList, type PagedEvent } from '../../../machines/shared/paged-list';
import { orderTicketMachine, type TicketEvent } from '../../../machines/trading/order-ticket';
import { call } from '../../shared/api/client';
import { accountFeed } from '../../shared/live/account-feed';
import { watchChosenProduct } from '../../shared/live/chosen-product';
import { go, loginPath } from '../../shared/navigation/navigation';
import { currentToken } from '../../shared/session/session';

/** The order ticket bound to the API and to the product chosen for /trade. */
export const ticketFlow = (orderPlaced: () => void) =>
  orderTicketMachine.provide({
    actors: {
      loadAccount: fromPromise(async () => {
        if (!currentToken()) return null;
        const [detail, basic] = await Promise.all([
          call(tradingCalls.forexDetail, {}, { showErrorMessage: false }),
          call(accountCalls.basicInfo, {}, { showErrorMessage: false }),
        ]);
        return { ...detail, feeType: basic.trade_fee_type };
      }),
      submit: fromPromise(({ input }) => call(tradingCalls.submit, input, { loading: true })),
      chosenProduct: fromCallback<TicketEvent>(({ sendBack }) => watchChosenProduct((product) => sendBack({ type: 'PRODUCT.SET', product }))),
    },
    actions: { requireLogin: () => go(loginPath('/trade')), orderPlaced },
  });

/** The trader's open positions for the chart's lines; nothing for a visitor. A closed push reloads them. */
export const chartPositionsFlow = () =>
  pagedList<Order>().provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        if (!currentToken()) return { items: [], total: 0 };
        const page = await call(tradingCalls.myDeal, { status: ORDER_TAB.holding, page: input.page, limit: 100 }, { showErrorMessage: false });
        return { items: page.data, total: page.total };
      }),
      changes: fromCallback<PagedEvent>(({ sendBack }) => accountFeed.onClosed(() => sendBack({ type: 'LIST.REFRESH' }))),
    },
  });
