import { confirmMachine } from '../../machines/shared/confirm';
import { pathSuite } from './runner';

pathSuite('confirm', {
  machine: confirmMachine,
  events: [{ type: 'CONFIRM.OPEN' }, { type: 'CONFIRM.ACCEPT' }, { type: 'CONFIRM.CANCEL' }],
});
