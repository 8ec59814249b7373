import { disclosureMachine } from '../../machines/shared/disclosure';
import { pathSuite } from './runner';

pathSuite('disclosure', {
  machine: disclosureMachine,
  events: [{ type: 'DRAWER.OPEN' }, { type: 'DRAWER.CLOSE' }, { type: 'DRAWER.TOGGLE' }],
});
