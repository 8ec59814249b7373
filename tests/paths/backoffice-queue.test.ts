import { reviewQueue } from '../../machines/backoffice/review-queue';
import { pathSuite } from './runner';

const one = { items: [{ id: 1 }], total: 1 };
/** The last row of a page when more pages follow: deciding it loads the page again. */
const lastOfMany = { items: [{ id: 1 }], total: 25 };

pathSuite('back-office review queue', {
  machine: reviewQueue<{ id: number }, number>(),
  inputs: [
    { status: 0, actionable: [0], approveNote: 'optional' },
    { status: 0, actionable: [0], approveNote: 'required' },
  ],
  events: [
    { type: 'QUEUE.STATUS', status: 1 },
    { type: 'QUEUE.PAGE', page: 2 },
    { type: 'QUEUE.REFRESH' },
    { type: 'DECISION.OPEN', id: 1, decision: 'approve' },
    { type: 'DECISION.OPEN', id: 1, decision: 'reject' },
    { type: 'DECISION.NOTE', value: 'ref-1' },
    { type: 'DECISION.CONFIRM' },
    { type: 'DECISION.CANCEL' },
    { type: 'NOTICE.DISMISS' },
  ],
  outputs: { loadPage: [one, lastOfMany], decide: [{ message: 'Success' }, { message: 'Success', status: 'approved' }] },
  project: (c) => [c.status, c.page, c.items.length, c.total > 1, c.open?.decision ?? null, c.note !== '', c.problem ?? null, c.notice?.tone ?? null, c.secondNeeded],
});

pathSuite('back-office review queue narrowed to one trader', {
  machine: reviewQueue<{ id: number }, number>(),
  inputs: [
    { status: 0, actionable: [0], approveNote: 'none', searchable: true },
    { status: 0, actionable: [0], approveNote: 'none', searchable: true, trader: 'ann@example.com' },
    { status: 0, actionable: [0], approveNote: 'none' },
  ],
  events: [
    { type: 'SEARCH.CHANGE', value: ' ann@example.com ' },
    { type: 'SEARCH.APPLY' },
    { type: 'SEARCH.CLEAR' },
    { type: 'QUEUE.PAGE', page: 2 },
    { type: 'DECISION.OPEN', id: 1, decision: 'approve' },
    { type: 'DECISION.CONFIRM' },
  ],
  outputs: { loadPage: [one, lastOfMany], decide: [{ message: 'Success' }] },
  project: (c) => [c.search, c.trader, c.page, c.total > 1],
});

pathSuite('back-office review queue that reopens decided rows', {
  machine: reviewQueue<{ id: number }, number>(),
  inputs: [{ status: 1, actionable: [1], reopenable: [3], approveNote: 'none' }],
  events: [
    { type: 'QUEUE.STATUS', status: 3 },
    { type: 'QUEUE.STATUS', status: 1 },
    { type: 'DECISION.OPEN', id: 1, decision: 'reopen' },
    { type: 'DECISION.OPEN', id: 1, decision: 'approve' },
    { type: 'DECISION.CONFIRM' },
    { type: 'DECISION.CANCEL' },
  ],
  outputs: { loadPage: [one], decide: [{ message: 'Success' }] },
  project: (c) => [c.status, c.items.length, c.open?.decision ?? null, c.problem ?? null, c.notice?.tone ?? null],
});
