import { loginMachine } from '../../machines/accounts/login';
import { pathSuite } from './runner';

const session = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0 as const, invite_code: 'ABCD2345', token: 't' };
const gb = { id: 22, code: 'GB', global_code: '44' };

pathSuite('login', {
  machine: loginMachine,
  events: [
    { type: 'FIELD.CHANGE', field: 'account', value: 'a@b.co' },
    { type: 'FIELD.CHANGE', field: 'password', value: 'secret1' },
    { type: 'LOGIN.TYPE', loginType: 'mobile' },
    { type: 'LOGIN.TYPE', loginType: 'email' },
    { type: 'FIELD.CHANGE', field: 'area_id', value: '22' },
    { type: 'FIELD.CHANGE', field: 'mobile', value: '7700900123' },
    { type: 'LOGIN.SUBMIT' },
  ],
  // Email only, or phone accounts offered (verify_reg_type 1 or 3).
  outputs: { login: [session], loadSettings: [{ offersMobile: false, areas: [] }, { offersMobile: true, areas: [gb] }] },
  project: (c) => [
    c.offersMobile, c.loginType, c.fields.account !== '', c.fields.password !== '', c.fields.area_id !== '', c.fields.mobile !== '', c.problem ?? null,
  ],
});
