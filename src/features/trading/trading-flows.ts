import { fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { ORDER_TAB, tradingCalls } from '../../../contract/trading';
import { orderTicketMachine } from '../../../machines/trading/order-ticket';
import { pagedListMachine } from '../../../machines/shared/paged-list';
import { call } from '../../shared/api/client';
import { go, loginPath } from '../../shared/navigation/navigation';
import { currentToken } from '../../shared/session/session';

/** The order ticket bound to the API: the trader's free balance and fee rule, and the submit. */
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
    },
    actions: { requireLogin: () => go(loginPath('/trade')), orderPlaced },
  });

/** The trader's open positions for the chart's lines; nothing for a visitor. */
export const chartPositionsFlow = () =>
  pagedListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        if (!currentToken()) return { items: [], total: 0 };
        const page = await call(tradingCalls.myDeal, { status: ORDER_TAB.holding, page: input.page, limit: 100 }, { showErrorMessage: false });
        return { items: page.data, total: page.total };
      }),
    },
  });

export const ticketInput = () => ({ newId: () => crypto.randomUUID() });
