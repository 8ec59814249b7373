import { assign, setup } from 'xstate';

/** How far a list must be pulled down (px) before letting go refreshes it. */
export const PULL_THRESHOLD = 64;

/**
 * Pull-to-refresh: pull the list down from its top past the threshold and let go; the list is
 * asked to refresh and the indicator stays for half a second (spec), then closes.
 */
export const pullRefreshMachine = setup({
  types: {
    context: {} as { distance: number },
    events: {} as { type: 'PULL.MOVE'; distance: number } | { type: 'PULL.END' },
  },
  actions: { refresh: () => {} },
  delays: { indicator: 500 },
  guards: {
    farEnough: ({ context }) => context.distance >= PULL_THRESHOLD,
    pulledDown: (_, params: { distance: number }) => params.distance > 0,
  },
}).createMachine({
  id: 'pullRefresh',
  context: { distance: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'PULL.MOVE': {
          guard: { type: 'pulledDown', params: ({ event }) => ({ distance: event.distance }) },
          target: 'pulling',
          actions: assign({ distance: ({ event }) => event.distance }),
        },
      },
    },
    pulling: {
      on: {
        'PULL.MOVE': { actions: assign({ distance: ({ event }) => Math.max(0, event.distance) }) },
        'PULL.END': [
          { guard: 'farEnough', target: 'refreshing', actions: 'refresh' },
          { target: 'idle', actions: assign({ distance: 0 }) },
        ],
      },
    },
    refreshing: {
      entry: assign({ distance: PULL_THRESHOLD }),
      after: { indicator: { target: 'idle', actions: assign({ distance: 0 }) } },
    },
  },
});
