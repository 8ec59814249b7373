import { assign, fromPromise, setup } from 'xstate';

export interface FeedbackFields {
  text: string;
  contact: string;
}

export type FeedbackEvent =
  | { type: 'FIELD.CHANGE'; field: keyof FeedbackFields; value: string }
  | { type: 'SUBMIT' }
  | { type: 'AGAIN' };

/** /feedback: a text and an optional contact, sent to staff; the form empties once sent. */
export const feedbackMachine = setup({
  types: { context: {} as FeedbackFields, events: {} as FeedbackEvent },
  actors: {
    sendFeedback: fromPromise<void, { text: string; contact?: string }>(async () => {
      throw new Error('sendFeedback not provided');
    }),
  },
  actions: {
    setField: assign((_, params: { field: keyof FeedbackFields; value: string }) => ({ [params.field]: params.value })),
    clear: assign({ text: '', contact: '' }),
  },
  guards: { hasText: ({ context }) => context.text.trim() !== '' },
}).createMachine({
  id: 'feedback',
  context: { text: '', contact: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'FIELD.CHANGE': { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        SUBMIT: { guard: 'hasText', target: 'sending' },
      },
    },
    sending: {
      invoke: {
        id: 'sendFeedback',
        src: 'sendFeedback',
        input: ({ context }) => ({ text: context.text.trim(), contact: context.contact.trim() || undefined }),
        onDone: { target: 'sent', actions: 'clear' },
        // The server's message was shown; what was written stays to try again.
        onError: 'editing',
      },
    },
    sent: { on: { AGAIN: 'editing' } },
  },
});
