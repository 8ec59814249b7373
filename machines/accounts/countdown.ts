import { assign, fromPromise, setup } from 'xstate';
import type { CODE_PURPOSE } from '../../contract/account';

/** Sends a code and locks the resend button for 60 seconds (spec section 4). */
export const RESEND_SECONDS = 60;

/** Code purposes on the wire: register or password reset. */
export type CodePurpose = (typeof CODE_PURPOSE)[keyof typeof CODE_PURPOSE];

export interface CountdownContext {
  purpose: CodePurpose;
  seconds: number;
  remaining: number;
}

/** `areaId` set: `to` is a national number and the code is texted; otherwise `to` is an email. */
export type CountdownEvent = { type: 'COUNTDOWN.SEND'; to: string; areaId?: number };

export interface SendCodeInput {
  to: string;
  areaId?: number;
  purpose: CodePurpose;
}

export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    input: {} as { purpose: CodePurpose; seconds?: number },
  },
  actors: {
    /** Asks the server to email or text the code. */
    sendCode: fromPromise<void, SendCodeInput>(async () => {}),
  },
  delays: { second: 1000 },
  guards: { lastSecond: ({ context }) => context.remaining <= 1 },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ purpose: input.purpose, seconds: input.seconds ?? RESEND_SECONDS, remaining: 0 }),
  initial: 'idle',
  states: {
    idle: { on: { 'COUNTDOWN.SEND': 'sending' } },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context, event }) => {
          const { to, areaId } = event as CountdownEvent;
          return { to, areaId, purpose: context.purpose };
        },
        onDone: { target: 'counting', actions: assign({ remaining: ({ context }) => context.seconds }) },
        onError: 'idle',
      },
    },
    counting: {
      after: {
        second: [
          { guard: 'lastSecond', target: 'idle', actions: assign({ remaining: 0 }) },
          { target: 'counting', reenter: true, actions: assign({ remaining: ({ context }) => context.remaining - 1 }) },
        ],
      },
    },
  },
});
