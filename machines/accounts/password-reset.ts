import { assign, fromPromise, sendTo, setup } from 'xstate';
import { CODE_PURPOSE } from '../../contract/account';
import { countdownMachine } from './countdown';
import { emailProblem, passwordPairProblem, type FormProblem } from './form-rules';

/**
 * `forgot`: a visitor resets by email (/forgot). `change`: a signed-in user changes the password
 * with a code sent to their own email (/mine/password).
 */
export type ResetMode = 'forgot' | 'change';

export interface ResetFields {
  account: string;
  new_password: string;
  secondary_password: string;
  auth_code: string;
}

export interface ResetContext {
  mode: ResetMode;
  fields: ResetFields;
  problem: FormProblem | undefined;
}

export type ResetEvent =
  | { type: 'FIELD.CHANGE'; field: keyof ResetFields; value: string }
  | { type: 'CODE.SEND' }
  | { type: 'RESET.SUBMIT' };

/** Spec section 5: both fields filled, equal; the code has no client rule. */
function submitProblem(c: ResetContext): FormProblem | undefined {
  return (
    (c.mode === 'forgot' ? emailProblem(c.fields.account) : undefined) ??
    passwordPairProblem(c.fields.new_password, c.fields.secondary_password)
  );
}

export const passwordResetMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as { mode: ResetMode; account?: string },
  },
  actors: {
    resetPassword: fromPromise<void, { mode: ResetMode; fields: ResetFields }>(async () => {}),
    countdown: countdownMachine,
  },
  actions: { finished: () => {} },
  guards: {
    emailInvalid: ({ context }) => emailProblem(context.fields.account) !== undefined,
    invalid: ({ context }) => submitProblem(context) !== undefined,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    mode: input.mode,
    fields: { account: input.account ?? '', new_password: '', secondary_password: '', auth_code: '' },
    problem: undefined,
  }),
  invoke: { id: 'countdown', src: 'countdown', input: { purpose: CODE_PURPOSE.reset } },
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
        'CODE.SEND': [
          { guard: 'emailInvalid', actions: assign({ problem: ({ context }) => emailProblem(context.fields.account) }) },
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
        input: ({ context }) => ({ mode: context.mode, fields: { ...context.fields, account: context.fields.account.trim() } }),
        onDone: { target: 'done', actions: 'finished' },
        onError: 'editing',
      },
    },
    done: { type: 'final' },
  },
});
