import { loginMachine } from '../../machines/accounts/login';
import { pathSuite } from './runner';

const session = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0 as const, invite_code: 'ABCD2345', token: 't' };

pathSuite('login', {
  machine: loginMachine,
  events: [
    { type: 'FIELD.CHANGE', field: 'account', value: 'a@b.co' },
    { type: 'FIELD.CHANGE', field: 'password', value: 'secret1' },
    { type: 'LOGIN.SUBMIT' },
  ],
  outputs: { login: [session] },
  project: (c) => [c.fields.account !== '', c.fields.password !== '', c.problem ?? null],
});
