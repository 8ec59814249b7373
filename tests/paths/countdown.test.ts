import { countdownMachine } from '../../machines/accounts/countdown';
import { pathSuite } from './runner';

pathSuite('countdown', {
  machine: countdownMachine,
  // Three seconds instead of sixty keep the graph small; the steps are the same.
  input: { purpose: 1, seconds: 3 },
  events: [{ type: 'COUNTDOWN.SEND', to: 'a@b.co' }],
  project: (c) => c.remaining,
});
