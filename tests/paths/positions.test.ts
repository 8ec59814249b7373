import { ORDER_TAB } from '../../contract/trading';
import { positionsMachine } from '../../machines/trading/positions';
import { pathSuite } from './runner';

const frame = { ProfitsTotal: '1.5', HazardRate: 12.5, CautionMoneyAll: '100', TransOrder: [{ Id: 5, UpdatePrice: 1.1, FactProfits: '1.5' }] };

pathSuite('positions', {
  machine: positionsMachine,
  inputs: [{ tab: ORDER_TAB.holding }, { tab: ORDER_TAB.pending }, { tab: ORDER_TAB.history }],
  events: [
    { type: 'TRADE.PUSHED', frame },
    { type: 'ORDERS.CLOSED', ids: [5] },
    { type: 'ORDER.CHANGED' },
    { type: 'LIST.MORE' },
    { type: 'LIST.REFRESH' },
    { type: 'LIST.LOADED', ids: [], complete: true },
    { type: 'LIST.LOADED', ids: [], complete: false },
    { type: 'CONNECTION.BACK' },
  ],
  // The lists, the popup and the pushes are children that stay real (their own I/O inert).
  realChildren: ['list', 'holdingList', 'pendingList', 'historyList', 'detail', 'pushes'],
  project: (c) => [c.tab, c.live ? 1 : 0],
});
