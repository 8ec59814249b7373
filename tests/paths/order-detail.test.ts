import type { Order } from '../../contract/trading';
import { orderDetailMachine } from '../../machines/trading/order-detail';
import { pathSuite } from './runner';

const order = (Status: 0 | 1 | 3) => ({ Id: 5, Status, TargetLossPrice: 0, TargetProfitPrice: 1.1, ForexTradeLists: { Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', PricePrecision: 5 } }) as Order;

pathSuite('orderDetail', {
  machine: orderDetailMachine,
  events: [
    { type: 'DETAIL.OPEN', order: order(1) },
    { type: 'DETAIL.OPEN', order: order(0) },
    { type: 'DETAIL.CLOSE' },
    { type: 'ORDER.CLOSED', id: 5 },
    { type: 'ORDERS.LISTED', status: 1, ids: [] },
    { type: 'ORDERS.LISTED', status: 1, ids: [5] },
    { type: 'ORDERS.LISTED', status: 0, ids: [] },
    { type: 'ORDER.CLOSE' },
    { type: 'CLOSE.CONFIRM' },
    { type: 'CLOSE.CANCEL' },
    { type: 'ORDER.CANCEL' },
    { type: 'SL.CHANGE', value: '1.05' },
    { type: 'SL.CHANGE', value: '-1' },
    { type: 'TP.CHANGE', value: '' },
    { type: 'STOPS.SAVE' },
  ],
  outputs: { closeOrder: [null], loadClosed: [order(3), null], cancelOrder: [null], saveStops: [null] },
  project: (c) => [c.order?.Status ?? null, c.sl, c.tp, c.settled ? 1 : 0, c.problem ?? null],
});
