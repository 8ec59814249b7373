import { userCentreMachine } from '../../machines/accounts/user-centre';
import { pathSuite } from './runner';

const user = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0 as const, invite_code: 'ABCD2345', balance: '10.5', lock_balance: '0' };

pathSuite('userCentre', {
  machine: userCentreMachine,
  inputs: [{ hidden: false }, { hidden: true }],
  events: [{ type: 'BALANCE.TOGGLE' }, { type: 'USER.REFRESH' }, { type: 'BALANCE.PUSHED', balance: '60.5', lock_balance: '0' }],
  outputs: { loadUser: [user] },
  // The pushes stay real (inert until the app provides the socket's feed).
  realChildren: ['pushes'],
  project: (c) => (c.user ? `${c.user.id}:${c.user.balance}` : null),
});
