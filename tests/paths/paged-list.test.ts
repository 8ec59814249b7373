import { pagedList } from '../../machines/shared/paged-list';
import { pathSuite } from './runner';

pathSuite('pagedList', {
  machine: pagedList<{ Id: number }>(),
  events: [{ type: 'LIST.MORE' }, { type: 'LIST.REFRESH' }, { type: 'ITEM.REMOVE', id: 1 }],
  outputs: { loadPage: [{ items: [{ Id: 1 }], total: 2 }, { items: [], total: 0 }] },
  realChildren: ['changes'],
  project: (c) => [Math.min(c.items.length, 3), Math.min(c.total, 3), Math.min(c.page, 3)],
});
