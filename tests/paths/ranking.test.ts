import { rankingMachine } from '../../machines/ranking/ranking';
import { pathSuite } from './runner';

pathSuite('ranking', {
  machine: rankingMachine,
  events: [{ type: 'LIST.MORE' }, { type: 'LIST.REFRESH' }, { type: 'ROW.TAP', id: 1 }],
  // The list is a child that stays real (its own loading inert).
  realChildren: ['list', 'rankList'],
});
