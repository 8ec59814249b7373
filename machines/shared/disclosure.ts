import { setup } from 'xstate';

/** A drawer or sheet that opens and closes (product picker, detail popups). */
export const disclosureMachine = setup({
  types: { events: {} as { type: 'DRAWER.OPEN' } | { type: 'DRAWER.CLOSE' } | { type: 'DRAWER.TOGGLE' } },
}).createMachine({
  id: 'disclosure',
  initial: 'closed',
  states: {
    closed: { on: { 'DRAWER.OPEN': 'open', 'DRAWER.TOGGLE': 'open' } },
    open: { on: { 'DRAWER.CLOSE': 'closed', 'DRAWER.TOGGLE': 'closed' } },
  },
});
