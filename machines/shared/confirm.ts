import { setup } from 'xstate';

/** A yes/no question before an action that cannot be undone (logout, delete). */
export const confirmMachine = setup({
  types: { events: {} as { type: 'CONFIRM.OPEN' } | { type: 'CONFIRM.ACCEPT' } | { type: 'CONFIRM.CANCEL' } },
  actions: { accepted: () => {} },
}).createMachine({
  id: 'confirm',
  initial: 'closed',
  states: {
    closed: { on: { 'CONFIRM.OPEN': 'open' } },
    open: {
      on: {
        'CONFIRM.ACCEPT': { target: 'closed', actions: 'accepted' },
        'CONFIRM.CANCEL': 'closed',
      },
    },
  },
});
