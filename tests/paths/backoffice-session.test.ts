import { pendingCountsMachine } from '../../machines/backoffice/pending-counts';
import { staffSessionMachine } from '../../machines/backoffice/staff-session';
import { pathSuite } from './runner';

const staff = { id: 3, email: 'ops@staff.example', role: 'finance' as const };

pathSuite('back-office session', {
  machine: staffSessionMachine,
  inputs: [{}, { token: 'kept' }],
  events: [
    { type: 'SESSION.START', token: 'fresh', staff },
    { type: 'SESSION.LOGOUT' },
    { type: 'SESSION.EXPIRE' },
  ],
  outputs: { whoAmI: [staff] },
  project: (c) => [c.token ?? null, c.staff?.id ?? null, c.ended ?? null],
});

pathSuite('back-office pending counts', {
  machine: pendingCountsMachine,
  events: [{ type: 'PENDING.REFRESH' }],
  outputs: { loadCounts: [{ deposits: 2, withdrawals: 0 }, { identity: 1 }] },
  project: (c) => [c.counts.deposits ?? null, c.counts.identity ?? null],
});
