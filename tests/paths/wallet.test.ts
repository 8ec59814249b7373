import { walletMachine } from '../../machines/funds/wallet';
import { pathSuite } from './runner';

pathSuite('wallet', {
  machine: walletMachine,
  events: [{ type: 'RETRY' }, { type: 'BALANCE.CHANGED' }],
  outputs: { loadBalance: [{ available: '10.5', frozen: '2' }, { available: '110.5', frozen: '0' }] },
  // The pushes stay real (inert until the app provides the socket's feed).
  realChildren: ['pushes'],
  project: (c) => c.balance?.available ?? null,
});
