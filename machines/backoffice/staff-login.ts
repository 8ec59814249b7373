import { assign, fromPromise, setup } from 'xstate';
import type { StaffView } from '../../contract/backoffice';
import { refusalMessage, type Enrolment } from './refusal';

/**
 * Staff login: email, password and the 6-digit code of the authenticator. A staff member not
 * enrolled yet is refused with the enrolment: the screen shows it as a QR code and asks for the
 * code it gives, then logs in again.
 */
export interface StaffLoginFields {
  email: string;
  password: string;
  otp: string;
}

export type StaffLoginProblem = 'email' | 'password' | 'otp';

export interface StaffLoginContext {
  fields: StaffLoginFields;
  problem: StaffLoginProblem | undefined;
  enrolment: Enrolment | undefined;
  /** The server's message of the last refusal. */
  refusal: string | undefined;
}

export type StaffLoginEvent =
  | { type: 'FIELD.CHANGE'; field: keyof StaffLoginFields; value: string }
  | { type: 'LOGIN.SUBMIT' };

export type LoginOutcome = { signedIn: { token: string; staff: StaffView } } | { enrolment: Enrolment; message: string };

const OTP = /^\d{6}$/;

/** The first rule a form breaks; the code may be left empty only before enrolment. */
export function staffLoginProblem(fields: StaffLoginFields, codeRequired: boolean): StaffLoginProblem | undefined {
  if (!/^[^\s@]+@[^\s@]+$/.test(fields.email.trim())) return 'email';
  if (fields.password.length === 0) return 'password';
  const otp = fields.otp.trim();
  if ((codeRequired || otp !== '') && !OTP.test(otp)) return 'otp';
  return undefined;
}

export const staffLoginMachine = setup({
  types: { context: {} as StaffLoginContext, events: {} as StaffLoginEvent },
  actors: {
    /** Signs in, or answers the enrolment the server sent instead (a refusal carrying it). */
    login: fromPromise<LoginOutcome, { email: string; password: string; otp?: string }>(async () => {
      throw new Error('login not provided');
    }),
  },
  actions: {
    /** Starts the session (provided by the app). */
    signedIn: (_, _params: { token: string; staff: StaffView }) => {},
    edit: assign({
      fields: ({ context }, params: { field: keyof StaffLoginFields; value: string }) => ({ ...context.fields, [params.field]: params.value }),
      problem: undefined,
    }),
  },
  guards: {
    invalid: ({ context }) => staffLoginProblem(context.fields, false) !== undefined,
    codeMissing: ({ context }) => staffLoginProblem(context.fields, true) !== undefined,
    asksEnrolment: (_, params: { outcome: LoginOutcome }) => 'enrolment' in params.outcome,
    enrolled: ({ context }) => context.enrolment !== undefined,
  },
}).createMachine({
  id: 'staffLogin',
  context: { fields: { email: '', password: '', otp: '' }, problem: undefined, enrolment: undefined, refusal: undefined },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'FIELD.CHANGE': { actions: { type: 'edit', params: ({ event }) => event } },
        'LOGIN.SUBMIT': [
          { guard: 'invalid', actions: assign({ problem: ({ context }) => staffLoginProblem(context.fields, false) }) },
          { target: 'submitting' },
        ],
      },
    },
    /** The QR code is on screen: only a login with a code from it completes the enrolment. */
    enrolling: {
      on: {
        'FIELD.CHANGE': { actions: { type: 'edit', params: ({ event }) => event } },
        'LOGIN.SUBMIT': [
          { guard: 'codeMissing', actions: assign({ problem: ({ context }) => staffLoginProblem(context.fields, true) }) },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          email: context.fields.email.trim(),
          password: context.fields.password,
          otp: context.fields.otp.trim() || undefined,
        }),
        onDone: [
          {
            guard: { type: 'asksEnrolment', params: ({ event }) => ({ outcome: event.output }) },
            target: 'enrolling',
            actions: assign({
              enrolment: ({ event }) => (event.output as Extract<LoginOutcome, { enrolment: Enrolment }>).enrolment,
              refusal: ({ event }) => (event.output as Extract<LoginOutcome, { enrolment: Enrolment }>).message,
              fields: ({ context }) => ({ ...context.fields, otp: '' }),
            }),
          },
          { target: 'done', actions: { type: 'signedIn', params: ({ event }) => (event.output as Extract<LoginOutcome, { signedIn: unknown }>).signedIn } },
        ],
        onError: [
          // Once the enrolment was shown, a wrong code keeps it on screen.
          { guard: 'enrolled', target: 'enrolling', actions: assign({ refusal: ({ event }) => refusalMessage(event.error) }) },
          { target: 'editing', actions: assign({ refusal: ({ event }) => refusalMessage(event.error) }) },
        ],
      },
    },
    done: { type: 'final' },
  },
});
