import { fromPromise, setup } from 'xstate';
import type { Session } from '../../contract/account';

/** Signs in to the demo account of this device: the client id is kept in storage by the app. */
export const demoMachine = setup({
  types: { events: {} as { type: 'DEMO.START' }, input: {} as { demoId: string }, context: {} as { demoId: string } },
  actors: {
    createDemo: fromPromise<Session, { demoId: string }>(async () => {
      throw new Error('createDemo not provided');
    }),
  },
  actions: { signedIn: (_, _params: { session: Session }) => {} },
}).createMachine({
  id: 'demo',
  context: ({ input }) => ({ demoId: input.demoId }),
  initial: 'idle',
  states: {
    idle: { on: { 'DEMO.START': 'creating' } },
    creating: {
      invoke: {
        id: 'createDemo',
        src: 'createDemo',
        input: ({ context }) => ({ demoId: context.demoId }),
        onDone: { target: 'done', actions: { type: 'signedIn', params: ({ event }) => ({ session: event.output }) } },
        onError: 'idle',
      },
    },
    done: { type: 'final' },
  },
});
