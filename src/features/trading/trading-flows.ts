import { fromCallback, fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import type { ForexTradeFrame } from '../../../contract/socket';
import { ORDER_TAB, tradingCalls, type Order } from '../../../contract/trading';
import { pagedList, type PagedEvent } from '../../../machines/shared/paged-list';
import { orderTicketMachine, type TicketEvent } from '../../../machines/trading/order-ticket';
import { call } from '../../shared/api/client';
import { accountFeed } from '../../shared/live/account-feed';
import { watchChosenProduct } from '../../shared/live/chosen-product';
import { go, loginPath } from '../../shared/navigation/navigation';
import { currentToken } from '../../shared/session/session';
import { t } from '../../shared/i18n/intl';
import { toastStore } from '../../shared/ui/toast-store';

/**
 * Calls `changed` when the part of the account's FOREX_TRADE that `key` reads differs from the last
 * seen (starting from the latest push): money moved, a position came or went, whether here, in
 * another tab or device, or while the socket was down (the snapshot after it logs in again).
 */
function onAccountChange(key: (frame: ForexTradeFrame) => string, changed: () => void): () => void {
  const keyOf = (frame: ForexTradeFrame | undefined) => frame && key(frame);
  let last = keyOf(accountFeed.get());
  return accountFeed.subscribe(() => {
    // Once per push (a tick may bring one a second): the key is worked out once.
    const now = keyOf(accountFeed.get());
    if (now === undefined || now === last) return;
    last = now;
    changed();
  });
}

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
      submit: fromPromise(async ({ input, signal }) => {
        const order = await call(tradingCalls.submit, input, { loading: true });
        // The ticket was left before the answer came (Back, a tab): the order stands, so it is said where the trader is now.
        if (signal.aborted) toastStore.show(t('ticket.placed'));
        return order;
      }),
      chosenProduct: fromCallback<TicketEvent>(({ sendBack }) => watchChosenProduct((product) => sendBack({ type: 'PRODUCT.SET', product }))),
      // "Available after the order" starts from the account as it is now, not as it was when the ticket opened.
      accountChanges: fromCallback<TicketEvent>(({ sendBack }) =>
        onAccountChange((f) => `${f.Balance} ${f.PendingHeld}`, () => sendBack({ type: 'ACCOUNT.RELOAD' }))),
    },
    actions: { requireLogin: () => go(loginPath('/trade')), orderPlaced },
  });

/**
 * The trader's open positions for the chart's lines; nothing for a visitor. A closed push reloads them,
 * and so does a change of the positions the figures are pushed for (one opened elsewhere, or closed
 * while the socket was down).
 */
export const chartPositionsFlow = () =>
  pagedList<Order>().provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        if (!currentToken()) return { items: [], total: 0 };
        const page = await call(tradingCalls.myDeal, { status: ORDER_TAB.holding, page: input.page, limit: 100 }, { showErrorMessage: false });
        return { items: page.data, total: page.total };
      }),
      changes: fromCallback<PagedEvent>(({ sendBack }) => {
        const refresh = () => sendBack({ type: 'LIST.REFRESH' });
        const stopClosed = accountFeed.onClosed(refresh);
        const stopOpened = onAccountChange((f) => f.TransOrder.map((o) => o.Id).sort((a, b) => a - b).join(), refresh);
        return () => {
          stopClosed();
          stopOpened();
        };
      }),
    },
  });
