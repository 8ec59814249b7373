import { adjustmentRequestMachine } from '../../machines/backoffice/adjustment-request';
import { auditLogMachine } from '../../machines/backoffice/audit-log';
import { staffAdminMachine } from '../../machines/backoffice/staff-admin';
import { pathSuite } from './runner';

pathSuite('back-office adjustment request', {
  machine: adjustmentRequestMachine,
  events: [
    { type: 'FIELD.CHANGE', field: 'trader', value: 'ann@example.com' },
    { type: 'FIELD.CHANGE', field: 'amount', value: '-25.5' },
    { type: 'FIELD.CHANGE', field: 'amount', value: '0' },
    { type: 'FIELD.CHANGE', field: 'reason', value: 'Goodwill' },
    { type: 'REQUEST.SUBMIT' },
  ],
  outputs: { request: [{ id: 7, message: 'Success' }] },
  project: (c) => [c.fields.trader, c.fields.amount, c.fields.reason, c.problem ?? null, c.notice?.tone ?? null, c.requestedId ?? null],
});

pathSuite('back-office staff', {
  machine: staffAdminMachine,
  events: [
    { type: 'STAFF.RELOAD' },
    { type: 'FIELD.CHANGE', field: 'email', value: 'new@staff.example' },
    { type: 'FIELD.CHANGE', field: 'password', value: 'staffpass1' },
    { type: 'FIELD.ROLE', role: 'compliance' },
    { type: 'STAFF.CREATE' },
    { type: 'STAFF.DISMISS' },
    { type: 'MEMBER.ASK', change: { kind: 'update', id: 1, email: 'root@staff.example', role: 'admin', active: false } },
    { type: 'MEMBER.ASK', change: { kind: 'authenticator', id: 1, email: 'root@staff.example' } },
    { type: 'MEMBER.CONFIRM' },
    { type: 'MEMBER.CANCEL' },
  ],
  outputs: {
    loadStaff: [[{ id: 1, email: 'root@staff.example', role: 'admin', active: true }]],
    createStaff: [{ id: 2, totp_secret: 'ABC', otpauth: 'otpauth://totp/x?secret=ABC' }],
    changeMember: [{ message: 'Success' }, { message: 'Success', enrolment: { totp_secret: 'NEW', otpauth: 'otpauth://totp/x?secret=NEW' } }],
  },
  project: (c) => [c.staff.length, c.fields.email !== '', c.fields.password !== '', c.fields.role, c.problem ?? null, c.notice?.tone ?? null, c.created?.secret ?? null, c.created?.kind ?? null, c.change?.kind ?? null],
});

pathSuite('back-office audit log', {
  machine: auditLogMachine,
  events: [
    { type: 'FILTER.CHANGE', field: 'staff', value: '3' },
    { type: 'FILTER.CHANGE', field: 'staff', value: 'x' },
    { type: 'FILTER.CHANGE', field: 'staff', value: 'fin@staff.example' },
    { type: 'FILTER.CHANGE', field: 'action', value: 'deposit.approve' },
    { type: 'FILTER.APPLY' },
    { type: 'FILTER.CLEAR' },
    { type: 'QUEUE.PAGE', page: 2 },
  ],
  outputs: { loadPage: [{ items: [], total: 0 }, { items: [], total: 45 }] },
  project: (c) => [c.filter, c.applied, c.page, c.total, c.problem ?? null, c.notice?.tone ?? null],
});
