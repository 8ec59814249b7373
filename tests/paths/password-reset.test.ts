import { passwordResetMachine } from '../../machines/accounts/password-reset';
import { pathSuite } from './runner';

pathSuite('passwordReset', {
  machine: passwordResetMachine,
  input: { mode: 'forgot' },
  events: [
    { type: 'FIELD.CHANGE', field: 'account', value: 'a@b.co' },
    { type: 'FIELD.CHANGE', field: 'new_password', value: 'secret1' },
    { type: 'FIELD.CHANGE', field: 'secondary_password', value: 'secret2' },
    { type: 'FIELD.CHANGE', field: 'secondary_password', value: 'secret1' },
    { type: 'CODE.SEND' },
    { type: 'RESET.SUBMIT' },
  ],
  realChildren: ['countdown'],
  project: (c) => [c.fields.account !== '', c.fields.new_password, c.fields.secondary_password, c.problem ?? null],
});
