import { assign, fromPromise, raise, sendTo, setup } from 'xstate';
import { CODE_PURPOSE, type Session } from '../../contract/account';
import { countdownMachine } from './countdown';
import { emailProblem, mobileProblem, passwordPairProblem, type FormProblem } from './form-rules';
import { registersByMobile, type Area } from './identifier';

export type { Area } from './identifier';

/** `verify_reg_type`: 0 email code; 1 and 3 mobile and a texted code instead of the email; 2 image captcha instead of the code. */
export type RegisterMode = 0 | 1 | 2 | 3;

export interface RegisterFields {
  account: string;
  password: string;
  re_password: string;
  invite_code: string;
  /** The emailed or texted code, or the captcha answer in mode 2. */
  sms_code: string;
  mobile: string;
  area_id: string;
}

export interface RegisterRequest extends RegisterFields {
  type: 'email' | 'mobile';
  key: string;
}

export interface RegisterContext {
  mode: RegisterMode;
  areas: Area[];
  fields: RegisterFields;
  captcha: { id: string; b64s: string } | undefined;
  problem: FormProblem | undefined;
}

export type RegisterEvent =
  | { type: 'FIELD.CHANGE'; field: keyof RegisterFields; value: string }
  | { type: 'CODE.SEND' }
  | { type: 'CAPTCHA.REFRESH' }
  | { type: 'REGISTER.SUBMIT' }
  | { type: 'SETTINGS.RETRY' };

export const showsPhoneFields = (mode: RegisterMode) => registersByMobile(mode);
export const usesCaptcha = (mode: RegisterMode) => mode === 2;

/** Where the code goes: the email, or in modes 1 and 3 the area and number. */
function accountProblem(c: RegisterContext): FormProblem | undefined {
  return showsPhoneFields(c.mode) ? mobileProblem(c.fields.area_id, c.fields.mobile) : emailProblem(c.fields.account);
}

function submitProblem(c: RegisterContext): FormProblem | undefined {
  return (
    accountProblem(c) ??
    passwordPairProblem(c.fields.password, c.fields.re_password) ??
    (c.fields.sms_code.trim() === '' ? 'code_required' : undefined)
  );
}

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as { inviteCode?: string },
    children: {} as { countdown: 'countdown' },
  },
  actors: {
    loadSettings: fromPromise<{ mode: RegisterMode; areas: Area[] }>(async () => ({ mode: 0, areas: [] })),
    loadCaptcha: fromPromise<{ id: string; b64s: string }>(async () => ({ id: '', b64s: '' })),
    register: fromPromise<Session, RegisterRequest>(async () => {
      throw new Error('register not provided');
    }),
    countdown: countdownMachine,
  },
  actions: { signedIn: (_, _params: { session: Session }) => {} },
  guards: {
    usesCaptcha: ({ context }) => usesCaptcha(context.mode),
    accountInvalid: ({ context }) => accountProblem(context) !== undefined,
    byMobile: ({ context }) => showsPhoneFields(context.mode),
    invalid: ({ context }) => submitProblem(context) !== undefined,
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    mode: 0,
    areas: [],
    fields: { account: '', password: '', re_password: '', invite_code: input.inviteCode ?? '', sms_code: '', mobile: '', area_id: '' },
    captcha: undefined,
    problem: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign({ mode: ({ event }) => event.output.mode, areas: ({ event }) => event.output.areas }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'SETTINGS.RETRY': 'loading' } },
    ready: {
      type: 'parallel',
      invoke: { id: 'countdown', src: 'countdown', input: { purpose: CODE_PURPOSE.register } },
      on: {
        'FIELD.CHANGE': {
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }),
            problem: undefined,
          }),
        },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'CODE.SEND': [
                  { guard: 'accountInvalid', actions: assign({ problem: ({ context }) => accountProblem(context) }) },
                  {
                    guard: 'byMobile',
                    actions: sendTo('countdown', ({ context }) => ({
                      type: 'COUNTDOWN.SEND' as const, to: context.fields.mobile.trim(), areaId: Number(context.fields.area_id),
                    })),
                  },
                  { actions: sendTo('countdown', ({ context }) => ({ type: 'COUNTDOWN.SEND' as const, to: context.fields.account.trim() })) },
                ],
                'REGISTER.SUBMIT': [
                  { guard: 'invalid', actions: assign({ problem: ({ context }) => submitProblem(context) }) },
                  { target: 'submitting' },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context }) => ({
                  ...context.fields,
                  account: context.fields.account.trim(),
                  mobile: context.fields.mobile.trim(),
                  type: showsPhoneFields(context.mode) ? ('mobile' as const) : ('email' as const),
                  key: context.captcha?.id ?? '',
                }),
                onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => ({ session: event.output }) } },
                // A captcha is good for one try: show a new one after a refusal.
                onError: { target: 'editing', actions: raise({ type: 'CAPTCHA.REFRESH' }) },
              },
            },
            done: { type: 'final' },
          },
        },
        captcha: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'usesCaptcha', target: 'loading' }, { target: 'unused' }] },
            unused: {},
            loading: {
              invoke: {
                id: 'loadCaptcha',
                src: 'loadCaptcha',
                onDone: { target: 'shown', actions: assign({ captcha: ({ event }) => event.output }) },
                onError: 'shown',
              },
            },
            shown: { on: { 'CAPTCHA.REFRESH': 'loading' } },
          },
        },
      },
    },
  },
});
