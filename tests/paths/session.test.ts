import { sessionMachine } from '../../machines/accounts/session';
import { pathSuite } from './runner';

const real = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0 as const, invite_code: 'ABCD2345', token: 't1' };
const demo = { ...real, id: 2, is_demo: 1 as const, email: '', token: 't2' };

pathSuite('session', {
  machine: sessionMachine,
  input: {},
  events: [
    { type: 'SESSION.START', session: real },
    { type: 'SESSION.START', session: demo },
    { type: 'SESSION.LOGOUT' },
    { type: 'SESSION.EXPIRE', from: '/order?type=1' },
    { type: 'SESSION.RETURNED' },
    { type: 'SESSION.ENDED' },
  ],
  // The watch on other tabs stays real (its storage events inert); their logout is an event here.
  realChildren: ['otherTabs'],
  project: (c) => [c.session?.id ?? null, c.returnTo ?? null],
});
