import { passwordResetMachine } from '../../machines/accounts/password-reset';
import { pathSuite } from './runner';

const gb = { id: 22, code: 'GB', global_code: '44' };

pathSuite('passwordReset', {
  machine: passwordResetMachine,
  // A visitor (by email, or by mobile once offered); a signed-in account made by mobile.
  inputs: [{ mode: 'forgot' }, { mode: 'change', phone: { mobile: '7700900123', areaId: 22 } }],
  events: [
    { type: 'FIELD.CHANGE', field: 'account', value: 'a@b.co' },
    { type: 'RESET.TYPE', resetType: 'mobile' },
    { type: 'FIELD.CHANGE', field: 'area_id', value: '22' },
    { type: 'FIELD.CHANGE', field: 'mobile', value: '7700900123' },
    { type: 'FIELD.CHANGE', field: 'new_password', value: 'secret1' },
    { type: 'FIELD.CHANGE', field: 'secondary_password', value: 'secret2' },
    { type: 'FIELD.CHANGE', field: 'secondary_password', value: 'secret1' },
    { type: 'CODE.SEND' },
    { type: 'RESET.SUBMIT' },
  ],
  outputs: { loadSettings: [{ offersMobile: false, areas: [] }, { offersMobile: true, areas: [gb] }] },
  realChildren: ['countdown'],
  project: (c) => [
    c.mode, c.offersMobile, c.resetType, c.fields.account !== '', c.fields.area_id !== '', c.fields.mobile !== '',
    c.fields.new_password, c.fields.secondary_password, c.problem ?? null,
  ],
});
