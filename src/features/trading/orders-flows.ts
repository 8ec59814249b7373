import { fromCallback, fromPromise } from 'xstate';
import { ORDER_TAB, tradingCalls, type AccountRecord } from '../../../contract/trading';
import { pagedList, type PagedEvent } from '../../../machines/shared/paged-list';
import { orderList, positionDetail, positionsMachine, type OrderTab, type PositionsEvent } from '../../../machines/trading/positions';
import { call } from '../../shared/api/client';
import { accountFeed } from '../../shared/live/account-feed';
import { onReconnect } from '../../shared/live/reconnects';

/** One tab of /order (query `status`: 1 holding, 0 pending, 3 history), page by page. */
const orderPages = (status: OrderTab) =>
  orderList.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const page = await call(tradingCalls.myDeal, { status, page: input.page });
        return { items: page.data, total: page.total, meta: { balance: page.balance, profits: page.all_fact_profits } };
      }),
    },
  });

/** The detail popup's actions, the server's message toasted on success (spec). */
const orderDetail = positionDetail.provide({
  actors: {
    // The server's word as a toast, as after every other action (spec section 8); the popup then shows the realised P&L.
    closeOrder: fromPromise(({ input }) => call(tradingCalls.close, input, { showSuccessMessage: true, loading: true })),
    /** The order just closed is the newest of history's first page. */
    loadClosed: fromPromise(async ({ input }) => {
      const page = await call(tradingCalls.myDeal, { status: ORDER_TAB.history, page: 1 }, { showErrorMessage: false });
      return page.data.find((o) => o.Id === input.id) ?? null;
    }),
    cancelOrder: fromPromise(({ input }) => call(tradingCalls.cancel, input, { showSuccessMessage: true, loading: true })),
    saveStops: fromPromise(({ input }) => call(tradingCalls.setStopPrice, input, { showSuccessMessage: true, loading: true })),
  },
});

/**
 * The account's socket pushes, the latest FOREX_TRADE first so the summary shows at once; and the
 * socket back after a loss, since the pushes sent meanwhile were lost.
 */
const accountPushes = fromCallback<PositionsEvent>(({ sendBack }) => {
  const trade = () => {
    const frame = accountFeed.get();
    if (frame) sendBack({ type: 'TRADE.PUSHED', frame });
  };
  trade();
  const stopTrades = accountFeed.subscribe(trade);
  const stopClosed = accountFeed.onClosed((ids, seq) => sendBack({ type: 'ORDERS.CLOSED', ids, seq }));
  const stopReconnects = onReconnect(() => sendBack({ type: 'CONNECTION.BACK' }));
  return () => {
    stopTrades();
    stopClosed();
    stopReconnects();
  };
});

/** /order bound to the API and the socket. */
export const positionsFlow = () =>
  positionsMachine.provide({
    actors: {
      holdingList: orderPages(ORDER_TAB.holding),
      pendingList: orderPages(ORDER_TAB.pending),
      historyList: orderPages(ORDER_TAB.history),
      detail: orderDetail,
      pushes: accountPushes,
    },
  });

/**
 * /mine/history: the ledger page by page, with the available and frozen USD on every load, loaded
 * again from page 1 when the balance moves (a deposit credited, an order placed or closed).
 */
export const accountHistoryFlow = () =>
  pagedList<AccountRecord>().provide({
    actors: {
      changes: fromCallback<PagedEvent>(({ sendBack }) => accountFeed.onBalance(() => sendBack({ type: 'LIST.REFRESH' }))),
      loadPage: fromPromise(async ({ input }) => {
        const [detail, page] = await Promise.all([
          call(tradingCalls.forexDetail, {}),
          call(tradingCalls.forexChange, { page: input.page }),
        ]);
        return { items: page.list, total: page.total, meta: { available: detail.available, frozen: detail.frozen } };
      }),
    },
  });
