import { assign, fromPromise, sendTo, setup } from 'xstate';
import { CODE_PURPOSE } from '../../contract/account';
import { countdownMachine } from './countdown';
import { emailProblem, mobileProblem, passwordPairProblem, type FormProblem } from './form-rules';
import type { Area, IdentifierType, PhoneSettings } from './identifier';

/**
 * `forgot`: a visitor resets by email, or by mobile where phone accounts are offered (/forgot).
 * `change`: a signed-in user changes the password with a code sent to their own email, or texted
 * to the number of an account made by mobile (/mine/password).
 */
export type ResetMode = 'forgot' | 'change';

export interface ResetFields {
  account: string;
  /** Reset by mobile: the area's id and the national number. */
  area_id: string;
  mobile: string;
  new_password: string;
  secondary_password: string;
  auth_code: string;
}

export interface ResetContext {
  mode: ResetMode;
  resetType: IdentifierType;
  offersMobile: boolean;
  areas: Area[];
  fields: ResetFields;
  problem: FormProblem | undefined;
}

export type ResetEvent =
  | { type: 'FIELD.CHANGE'; field: keyof ResetFields; value: string }
  | { type: 'RESET.TYPE'; resetType: IdentifierType }
  | { type: 'CODE.SEND' }
  | { type: 'RESET.SUBMIT' };

export interface ResetInput {
  mode: ResetMode;
  /** `change`: the signed-in account's email, or its number and area when it was made by mobile. */
  account?: string;
  phone?: { mobile: string; areaId: number };
}

/** The visitor names the account; a signed-in user's is known. */
function accountProblem(c: ResetContext): FormProblem | undefined {
  if (c.mode === 'change') return undefined;
  return c.resetType === 'mobile' ? mobileProblem(c.fields.area_id, c.fields.mobile) : emailProblem(c.fields.account);
}

/** Spec section 5: both fields filled, equal; the code has no client rule. */
function submitProblem(c: ResetContext): FormProblem | undefined {
  return accountProblem(c) ?? passwordPairProblem(c.fields.new_password, c.fields.secondary_password);
}

export const passwordResetMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as ResetInput,
  },
  actors: {
    /** Whether phone accounts are offered, and the areas; the email form works meanwhile. */
    loadSettings: fromPromise<PhoneSettings>(async () => ({ offersMobile: false, areas: [] })),
    resetPassword: fromPromise<void, { mode: ResetMode; resetType: IdentifierType; fields: ResetFields }>(async () => {}),
    countdown: countdownMachine,
  },
  actions: { finished: () => {} },
  guards: {
    accountInvalid: ({ context }) => accountProblem(context) !== undefined,
    invalid: ({ context }) => submitProblem(context) !== undefined,
    byMobile: ({ context }) => context.resetType === 'mobile',
    mayChooseType: ({ context }) => context.mode === 'forgot' && context.offersMobile,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    mode: input.mode,
    resetType: input.phone ? 'mobile' : 'email',
    offersMobile: false,
    areas: [],
    fields: {
      account: input.account ?? '',
      area_id: input.phone ? String(input.phone.areaId) : '',
      mobile: input.phone?.mobile ?? '',
      new_password: '',
      secondary_password: '',
      auth_code: '',
    },
    problem: undefined,
  }),
  invoke: { id: 'countdown', src: 'countdown', input: { purpose: CODE_PURPOSE.reset } },
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
      initial: 'editing',
      states: {
        editing: {
          on: {
            'FIELD.CHANGE': {
              actions: assign({
                fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }),
                problem: undefined,
              }),
            },
            'RESET.TYPE': { guard: 'mayChooseType', actions: assign({ resetType: ({ event }) => event.resetType, problem: undefined }) },
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
            'RESET.SUBMIT': [
              { guard: 'invalid', actions: assign({ problem: ({ context }) => submitProblem(context) }) },
              { target: 'submitting' },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({
              mode: context.mode,
              resetType: context.resetType,
              fields: { ...context.fields, account: context.fields.account.trim(), mobile: context.fields.mobile.trim() },
            }),
            onDone: { target: 'done', actions: 'finished' },
            onError: 'editing',
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
