import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { STAFF_ROLES, type StaffRole, type StaffView } from '../../contract/backoffice';
import { refusalMessage, type Enrolment, type Notice } from './refusal';

/**
 * Staff members (admin): the list, a new member with a role, and changes to another member (role,
 * access, authenticator), each asked first. A new member's TOTP secret, and the new one of a member
 * whose authenticator was reset, is shown once, as a QR code and as text, until it is dismissed.
 */
export type StaffRow = StaffView & { active: boolean };

export interface NewStaffFields {
  email: string;
  password: string;
  role: StaffRole;
}

export type NewStaffProblem = 'email' | 'password' | 'role';

export function newStaffProblem(fields: NewStaffFields): NewStaffProblem | undefined {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) return 'email';
  if (fields.password.length < 6 || fields.password.length > 128) return 'password';
  if (!STAFF_ROLES.includes(fields.role)) return 'role';
  return undefined;
}

/** A change to another member: their role and access as they would be, or a new authenticator. */
export type MemberChange =
  | { kind: 'update'; id: number; email: string; role: StaffRole; active: boolean }
  | { kind: 'authenticator'; id: number; email: string };

export interface StaffAdminContext {
  staff: StaffRow[];
  /** The change being asked about or saved. */
  change: MemberChange | undefined;
  fields: NewStaffFields;
  problem: NewStaffProblem | undefined;
  notice: Notice | undefined;
  /** The secret to hand over: of a member just `created`, or one whose authenticator was `reset`. */
  created: (Enrolment & { email: string; role: StaffRole; kind: 'created' | 'reset' }) | undefined;
}

export type StaffAdminEvent =
  | { type: 'STAFF.RELOAD' }
  | { type: 'FIELD.CHANGE'; field: 'email' | 'password'; value: string }
  | { type: 'FIELD.ROLE'; role: StaffRole }
  | { type: 'STAFF.CREATE' }
  | { type: 'STAFF.DISMISS' }
  | { type: 'MEMBER.ASK'; change: MemberChange }
  | { type: 'MEMBER.CONFIRM' }
  | { type: 'MEMBER.CANCEL' }
  /** Internal: a reset authenticator's secret, to hand over. */
  | { type: 'ENROLMENT.SHOW'; enrolment: NonNullable<StaffAdminContext['created']> };

const EMPTY: NewStaffFields = { email: '', password: '', role: 'finance' };

export const staffAdminMachine = setup({
  types: { context: {} as StaffAdminContext, events: {} as StaffAdminEvent },
  actors: {
    loadStaff: fromPromise<StaffRow[]>(async () => {
      throw new Error('loadStaff not provided');
    }),
    createStaff: fromPromise<{ id: number; totp_secret: string; otpauth: string }, NewStaffFields>(async () => {
      throw new Error('createStaff not provided');
    }),
    /** The server's message, and a reset authenticator's new secret. */
    changeMember: fromPromise<{ message: string; enrolment?: { totp_secret: string; otpauth: string } }, MemberChange>(async () => {
      throw new Error('changeMember not provided');
    }),
  },
  guards: { invalid: ({ context }) => newStaffProblem(context.fields) !== undefined },
}).createMachine({
  id: 'staffAdmin',
  context: { staff: [], change: undefined, fields: EMPTY, problem: undefined, notice: undefined, created: undefined },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadStaff',
            src: 'loadStaff',
            onDone: { target: 'ready', actions: assign({ staff: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }) }) },
          },
        },
        ready: { on: { 'STAFF.RELOAD': 'loading' } },
        failed: { on: { 'STAFF.RELOAD': 'loading' } },
      },
    },
    form: {
      initial: 'editing',
      on: {
        'ENROLMENT.SHOW': { target: '.created', actions: assign({ created: ({ event }) => event.enrolment }) },
      },
      states: {
        editing: {
          on: {
            // Editing starts a new attempt: the last answer's message goes.
            'FIELD.CHANGE': { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }), problem: undefined, notice: undefined }) },
            'FIELD.ROLE': { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, role: event.role }), problem: undefined, notice: undefined }) },
            'STAFF.CREATE': [
              { guard: 'invalid', actions: assign({ problem: ({ context }) => newStaffProblem(context.fields) }) },
              { target: 'creating' },
            ],
          },
        },
        creating: {
          entry: assign({ notice: undefined }),
          invoke: {
            id: 'createStaff',
            src: 'createStaff',
            input: ({ context }) => ({ ...context.fields, email: context.fields.email.trim() }),
            onDone: {
              target: 'created',
              actions: [
                assign({
                  created: ({ context, event }) => ({ email: context.fields.email.trim(), role: context.fields.role, secret: event.output.totp_secret, otpauth: event.output.otpauth, kind: 'created' as const }),
                  fields: EMPTY,
                }),
                raise({ type: 'STAFF.RELOAD' }),
              ],
            },
            onError: { target: 'editing', actions: assign({ notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }) }) },
          },
        },
        /** The secret is on screen once; dismissing it forgets it. */
        created: { on: { 'STAFF.DISMISS': { target: 'editing', actions: assign({ created: undefined }) } } },
      },
    },
    member: {
      initial: 'idle',
      states: {
        idle: { on: { 'MEMBER.ASK': { target: 'asking', actions: assign({ change: ({ event }) => event.change, notice: undefined }) } } },
        /** Access and authenticators are not changed by a slip of the mouse. */
        asking: {
          on: {
            'MEMBER.CONFIRM': 'saving',
            'MEMBER.CANCEL': { target: 'idle', actions: assign({ change: undefined }) },
          },
        },
        saving: {
          invoke: {
            id: 'changeMember',
            src: 'changeMember',
            input: ({ context }) => context.change!,
            onDone: {
              target: 'idle',
              actions: [
                enqueueActions(({ context, event, enqueue }) => {
                  const { enrolment } = event.output;
                  const member = context.staff.find((s) => s.id === context.change!.id);
                  if (!enrolment || !member) return;
                  enqueue.raise({ type: 'ENROLMENT.SHOW', enrolment: { email: member.email, role: member.role, secret: enrolment.totp_secret, otpauth: enrolment.otpauth, kind: 'reset' } });
                }),
                assign({ change: undefined, notice: ({ event }) => ({ tone: 'done' as const, text: event.output.message }) }),
                raise({ type: 'STAFF.RELOAD' }),
              ],
            },
            onError: { target: 'idle', actions: assign({ change: undefined, notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }) }) },
          },
        },
      },
    },
  },
});
