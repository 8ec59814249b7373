import { assign, fromPromise, setup } from 'xstate';
import { refusalMessage, type Notice } from './refusal';

/**
 * A staff member asks for a manual balance change (the trader, a signed amount, a reason); it waits
 * as pending until a second staff member approves it in the adjustments queue. The trader is named
 * as the queues find them: id, UID, email or phone.
 */
export interface AdjustmentFields {
  trader: string;
  amount: string;
  reason: string;
}

export type AdjustmentProblem = 'trader' | 'amount' | 'reason';

const AMOUNT = /^-?\d{1,12}(\.\d{1,6})?$/;

export function adjustmentProblem(fields: AdjustmentFields): AdjustmentProblem | undefined {
  const trader = fields.trader.trim();
  if (trader.length === 0 || trader.length > 254) return 'trader';
  const amount = fields.amount.trim();
  if (!AMOUNT.test(amount) || Number(amount) === 0) return 'amount';
  const reason = fields.reason.trim();
  if (reason.length === 0 || reason.length > 500) return 'reason';
  return undefined;
}

const EMPTY: AdjustmentFields = { trader: '', amount: '', reason: '' };

export const adjustmentRequestMachine = setup({
  types: {
    context: {} as { fields: AdjustmentFields; problem: AdjustmentProblem | undefined; notice: Notice | undefined; requestedId: number | undefined },
    events: {} as { type: 'FIELD.CHANGE'; field: keyof AdjustmentFields; value: string } | { type: 'REQUEST.SUBMIT' },
  },
  actors: {
    request: fromPromise<{ id: number; message: string }, { trader: string; amount: number; reason: string }>(async () => {
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
        input: ({ context }) => ({ trader: context.fields.trader.trim(), amount: Number(context.fields.amount.trim()), reason: context.fields.reason.trim() }),
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
