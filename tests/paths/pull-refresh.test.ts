import { pullRefreshMachine } from '../../machines/shared/pull-refresh';
import { pathSuite } from './runner';

pathSuite('pullRefresh', {
  machine: pullRefreshMachine,
  events: [{ type: 'PULL.MOVE', distance: 20 }, { type: 'PULL.MOVE', distance: 80 }, { type: 'PULL.END' }],
  project: (c) => c.distance,
});
