import { registerMachine } from '../../machines/accounts/register';
import { pathSuite } from './runner';

const session = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0 as const, invite_code: 'ABCD2345', token: 't' };

pathSuite('register', {
  machine: registerMachine,
  input: { inviteCode: 'FRIEND12' },
  events: [
    { type: 'FIELD.CHANGE', field: 'account', value: 'a@b.co' },
    { type: 'FIELD.CHANGE', field: 'password', value: 'secret1' },
    { type: 'FIELD.CHANGE', field: 're_password', value: 'secret1' },
    { type: 'FIELD.CHANGE', field: 'sms_code', value: '123456' },
    { type: 'FIELD.CHANGE', field: 'area_id', value: '22' },
    { type: 'FIELD.CHANGE', field: 'mobile', value: '7700900123' },
    { type: 'CODE.SEND' },
    { type: 'CAPTCHA.REFRESH' },
    { type: 'REGISTER.SUBMIT' },
    { type: 'SETTINGS.RETRY' },
  ],
  outputs: {
    // Email code, image captcha, and registration by mobile with a texted code.
    loadSettings: [{ mode: 0, areas: [] }, { mode: 2, areas: [] }, { mode: 1, areas: [{ id: 22, code: 'GB', global_code: '44' }] }],
    loadCaptcha: [{ id: 'c1', b64s: 'data:image/svg+xml;base64,' }],
    register: [session],
  },
  realChildren: ['countdown'],
  project: (c) => [c.mode, c.fields.account !== '', c.fields.area_id !== '', c.fields.mobile !== '', c.fields.password !== '', c.fields.re_password !== '', c.fields.sms_code !== '', c.problem ?? null],
});
