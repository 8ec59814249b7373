import type { Order } from '../../contract/trading';
import type { Product } from '../../contract/market';
import { orderTicketMachine } from '../../machines/trading/order-ticket';
import { pathSuite } from './runner';

const product = (over: Partial<Product> = {}): Product => ({
  Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '', CategoryId: 1, MarketStatus: 1, PricePrecision: 5, Pip: 0.01,
  ForexMinCont: 0.01, ForexMaxCont: 50, ForexContNum: 100000, MarginMode: 2, ForexFeeRate: 5,
  HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
  ForexQuotations: { Open: 1.08, Close: 1.085, High: 1.09, Low: 1.08, Change: 0.1, Volume: 1 },
  ...over,
});
const order = { Id: 7 } as Order;

pathSuite('orderTicket', {
  machine: orderTicketMachine,
  inputs: [{ product: product() }, { product: product({ MarketStatus: 2 }) }],
  events: [
    { type: 'PRODUCT.SET', product: product({ Id: 2, Code: 'XAUUSD', HasForexMultiple: [] }) },
    { type: 'SIDE.SELECT', side: 2 },
    { type: 'MODE.SELECT', mode: 'pending' },
    { type: 'LOTS.CHANGE', value: '' },
    { type: 'LOTS.INCREMENT' },
    { type: 'LOTS.DECREMENT' },
    { type: 'LEVERAGE.SELECT', value: 200 },
    { type: 'PRICE.CHANGE', value: '1.08' },
    { type: 'SL.TOGGLE' },
    { type: 'SL.CHANGE', value: '1.07' },
    { type: 'TP.TOGGLE' },
    { type: 'TP.CHANGE', value: '1.1' },
    { type: 'ORDER.SUBMIT' },
    { type: 'ORDER.SUBMIT', side: 2 },
    { type: 'POPUP.CLOSE' },
    { type: 'ACCOUNT.RELOAD' },
  ],
  outputs: {
    loadAccount: [{ available: '10000', frozen: '0', feeType: 1 }, null],
    reloadAccount: [{ available: '9000', frozen: '0', feeType: 1 }],
    submit: [order],
  },
  realChildren: ['chosenProduct', 'accountChanges'],
  project: (c) => [c.product?.Id, c.fields.lots === '' ? 'empty' : c.fields.lots === '0.01' ? 'min' : 'more', c.problem ?? null, c.placed ? 1 : 0, c.account === null],
});
