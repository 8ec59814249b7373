import { walletMachine } from '../../machines/funds/wallet';
import { pathSuite } from './runner';

pathSuite('wallet', {
  machine: walletMachine,
  events: [{ type: 'RETRY' }],
  outputs: { loadBalance: [{ available: '10.5', frozen: '2' }] },
  project: (c) => (c.balance ? 1 : 0),
});
