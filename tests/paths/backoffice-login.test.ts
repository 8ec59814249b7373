import { staffLoginMachine } from '../../machines/backoffice/staff-login';
import { pathSuite } from './runner';

const signedIn = { signedIn: { token: 't', staff: { id: 1, email: 'ops@staff.example', role: 'admin' as const } } };
const enrolment = { enrolment: { otpauth: 'otpauth://totp/TradeDesk:ops?secret=ABC', secret: 'ABC' }, message: 'Scan the code' };

pathSuite('back-office login', {
  machine: staffLoginMachine,
  events: [
    { type: 'FIELD.CHANGE', field: 'email', value: 'ops@staff.example' },
    { type: 'FIELD.CHANGE', field: 'password', value: 'staffpass1' },
    { type: 'FIELD.CHANGE', field: 'otp', value: '123456' },
    { type: 'FIELD.CHANGE', field: 'otp', value: '12' },
    { type: 'LOGIN.SUBMIT' },
  ],
  outputs: { login: [signedIn, enrolment] },
  project: (c) => [c.fields.email !== '', c.fields.password !== '', c.fields.otp, c.problem ?? null, c.enrolment !== undefined, c.refusal ?? null],
});
