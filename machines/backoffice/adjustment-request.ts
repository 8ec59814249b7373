import { assign, fromPromise, setup } from 'xstate';
import { refusalMessage, type Notice } from './refusal';

/**
 * A staff member asks for a manual balance change (user id, signed amount, reason); it waits as
 * pending until a second staff member approves it in the adjustments queue.
 */
export interface AdjustmentFields {
  user_id: string;
  amount: string;
  reason: string;
}

export type AdjustmentProblem = 'userId' | 'amount' | 'reason';

const USER_ID = /^[1-9]\d{0,9}$/;
const AMOUNT = /^-?\d{1,12}(\.\d{1,6})?$/;

export function adjustmentProblem(fields: AdjustmentFields): AdjustmentProblem | undefined {
  if (!USER_ID.test(fields.user_id.trim())) return 'userId';
  const amount = fields.amount.trim();
  if (!AMOUNT.test(amount) || Number(amount) === 0) return 'amount';
  const reason = fields.reason.trim();
  if (reason.length === 0 || reason.length > 500) return 'reason';
  return undefined;
}

const EMPTY: AdjustmentFields = { user_id: '', amount: '', reason: '' };

export const adjustmentRequestMachine = setup({
  types: {
    context: {} as { fields: AdjustmentFields; problem: AdjustmentProblem | undefined; notice: Notice | undefined; requestedId: number | undefined },
    events: {} as { type: 'FIELD.CHANGE'; field: keyof AdjustmentFields; value: string } | { type: 'REQUEST.SUBMIT' },
  },
  actors: {
    request: fromPromise<{ id: number; message: string }, { user_id: number; amount: number; reason: string }>(async () => {
      throw new Error('request not provided');
    }),
  },
  actions: {
    /** Tells the pending list a row was added (provided by the screen's flow). */
    requested: () => {},
  },
  guards: { invalid: ({ context }) => adjustmentProblem(context.fields) !== undefined },
}).createMachine({
  id: 'adjustmentRequest',
  context: { fields: EMPTY, problem: undefined, notice: undefined, requestedId: undefined },
  initial: 'editing',
  states: {
    editing: {
      on: {
        // Editing starts a new attempt: the last answer's message goes.
        'FIELD.CHANGE': { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }), problem: undefined, notice: undefined }) },
        'REQUEST.SUBMIT': [
          { guard: 'invalid', actions: assign({ problem: ({ context }) => adjustmentProblem(context.fields) }) },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      entry: assign({ notice: undefined, requestedId: undefined }),
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }) => ({ user_id: Number(context.fields.user_id.trim()), amount: Number(context.fields.amount.trim()), reason: context.fields.reason.trim() }),
        onDone: {
          target: 'editing',
          actions: [
            assign({ fields: EMPTY, requestedId: ({ event }) => event.output.id, notice: ({ event }) => ({ tone: 'done' as const, text: event.output.message }) }),
            'requested',
          ],
        },
        onError: { target: 'editing', actions: assign({ notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }) }) },
      },
    },
  },
});
