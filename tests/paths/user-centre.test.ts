import { userCentreMachine } from '../../machines/accounts/user-centre';
import { pathSuite } from './runner';

const user = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0 as const, invite_code: 'ABCD2345', balance: '10.5', lock_balance: '0' };

pathSuite('userCentre', {
  machine: userCentreMachine,
  inputs: [{ hidden: false }, { hidden: true }],
  events: [{ type: 'BALANCE.TOGGLE' }, { type: 'USER.REFRESH' }],
  outputs: { loadUser: [user] },
  project: (c) => c.user?.id ?? null,
});
