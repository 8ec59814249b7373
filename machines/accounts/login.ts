import { assign, fromPromise, setup } from 'xstate';
import type { Session } from '../../contract/account';
import { loginProblem, mobileProblem, type FormProblem } from './form-rules';
import type { Area, IdentifierType, PhoneSettings } from './identifier';
import { SETTLE_MS } from '../shared/settle';

export interface LoginFields {
  account: string;
  password: string;
  /** Login by mobile: the area's id and the national number. */
  area_id: string;
  mobile: string;
}

/** What the login call is sent: an email, or an area and a national number. */
export type LoginRequest =
  | { login_type: 'email'; account: string; password: string }
  | { login_type: 'mobile'; account: string; area_id: number; password: string };

export interface LoginContext {
  fields: LoginFields;
  /** Email unless the trader chose the mobile tab (offered in the phone registration modes). */
  loginType: IdentifierType;
  offersMobile: boolean;
  areas: Area[];
  problem: FormProblem | undefined;
}

export type LoginEvent =
  | { type: 'FIELD.CHANGE'; field: keyof LoginFields; value: string }
  | { type: 'LOGIN.TYPE'; loginType: IdentifierType }
  | { type: 'LOGIN.SUBMIT' };

function submitProblem(c: LoginContext): FormProblem | undefined {
  if (c.loginType === 'mobile') return mobileProblem(c.fields.area_id, c.fields.mobile) ?? (c.fields.password === '' ? 'password_required' : undefined);
  return loginProblem(c.fields);
}

function requestOf(c: LoginContext): LoginRequest {
  const { fields } = c;
  return c.loginType === 'mobile'
    ? { login_type: 'mobile', account: fields.mobile.trim(), area_id: Number(fields.area_id), password: fields.password }
    : { login_type: 'email', account: fields.account.trim(), password: fields.password };
}

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    /** Whether phone accounts are offered, and the areas; the email form works meanwhile. */
    loadSettings: fromPromise<PhoneSettings>(async () => ({ offersMobile: false, areas: [] })),
    login: fromPromise<Session, LoginRequest>(async () => {
      throw new Error('login not provided');
    }),
  },
  actions: {
    /** Starts the session and leaves the screen (provided by the app). */
    signedIn: (_, _params: { session: Session }) => {},
    editField: assign(({ context }, p: { field: keyof LoginFields; value: string }) => ({ fields: { ...context.fields, [p.field]: p.value }, problem: undefined })),
  },
  guards: {
    invalid: ({ context }) => submitProblem(context) !== undefined,
    offersMobile: ({ context }) => context.offersMobile,
  },
  delays: { SETTLE_MS },
}).createMachine({
  id: 'login',
  context: { fields: { account: '', password: '', area_id: '', mobile: '' }, loginType: 'email', offersMobile: false, areas: [], problem: undefined },
  type: 'parallel',
  states: {
    // The email form works while the settings load; settings that fail to load leave it alone.
    settings: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadSettings',
            src: 'loadSettings',
            onDone: {
              target: 'known',
              actions: assign({ offersMobile: ({ event }) => event.output.offersMobile, areas: ({ event }) => event.output.areas }),
            },
            onError: 'known',
          },
        },
        known: { type: 'final' },
      },
    },
    form: {
      initial: 'filling',
      states: {
        // Typing is taken whatever the form is doing: a refusal's pause must not drop keystrokes.
        filling: {
          initial: 'editing',
          on: {
            'FIELD.CHANGE': { actions: { type: 'editField', params: ({ event }) => event } },
            'LOGIN.TYPE': { guard: 'offersMobile', actions: assign({ loginType: ({ event }) => event.loginType, problem: undefined }) },
          },
          states: {
            editing: {
              on: {
                'LOGIN.SUBMIT': [
                  { guard: 'invalid', actions: assign({ problem: ({ context }) => submitProblem(context) }) },
                  { target: 'submitting' },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ context }) => requestOf(context),
                onDone: { target: '#login.form.done', actions: { type: 'signedIn', params: ({ event }) => ({ session: event.output }) } },
                // The server's message (wrong email or password, limited) is shown by the API client.
                onError: 'refused',
              },
            },
            /** A double tap's second tap is not a second guess against the login limit; a changed form is a new one. */
            refused: {
              after: { SETTLE_MS: 'editing' },
              on: { 'FIELD.CHANGE': { target: 'editing', actions: { type: 'editField', params: ({ event }) => event } } },
            },
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
