import { assign, fromPromise, setup } from 'xstate';
import type { Session } from '../../contract/account';
import { loginProblem, type FormProblem } from './form-rules';

export interface LoginFields {
  account: string;
  password: string;
}

export interface LoginContext {
  fields: LoginFields;
  problem: FormProblem | undefined;
}

export type LoginEvent =
  | { type: 'FIELD.CHANGE'; field: keyof LoginFields; value: string }
  | { type: 'LOGIN.SUBMIT' };

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    login: fromPromise<Session, LoginFields>(async () => {
      throw new Error('login not provided');
    }),
  },
  actions: {
    /** Starts the session and leaves the screen (provided by the app). */
    signedIn: (_, _params: { session: Session }) => {},
  },
  guards: { invalid: ({ context }) => loginProblem(context.fields) !== undefined },
}).createMachine({
  id: 'login',
  context: { fields: { account: '', password: '' }, problem: undefined },
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
        'LOGIN.SUBMIT': [
          { guard: 'invalid', actions: assign({ problem: ({ context }) => loginProblem(context.fields) }) },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ account: context.fields.account.trim(), password: context.fields.password }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => ({ session: event.output }) } },
        // The server's message (wrong email or password, limited) is shown by the API client.
        onError: 'editing',
      },
    },
    done: { type: 'final' },
  },
});
