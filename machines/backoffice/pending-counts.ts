import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Screen } from './roles';

/**
 * How many requests wait in each queue, by screen; absent for queues the role does not work on.
 * `second_approvals`: the withdrawals among them approved once, listed apart from the new ones.
 */
export type PendingCounts = Partial<Record<Screen | 'second_approvals', number>>;

/** How many withdrawals of a status wait for staff: new ones and those approved once; none for the others. */
export function openWithdrawals(counts: PendingCounts, status: string): number | undefined {
  if (counts.withdrawals === undefined) return undefined;
  const second = counts.second_approvals ?? 0;
  return status === 'approved' ? second : status === 'waiting' ? counts.withdrawals - second : undefined;
}

/** Asked again this often while nothing else asks. */
export const PENDING_EVERY_MS = 30_000;

export type PendingEvent = { type: 'PENDING.REFRESH' };

/**
 * The counts beside the menu's queues, so that staff see what waits without opening each queue:
 * asked at once, then every half minute, when a screen opens and when a decision changes a queue
 * (`queueChanges`). A failed ask keeps the last counts; the next one tries again.
 */
export const pendingCountsMachine = setup({
  types: { context: {} as { counts: PendingCounts }, events: {} as PendingEvent },
  actors: {
    loadCounts: fromPromise<PendingCounts>(async () => {
      throw new Error('loadCounts not provided');
    }),
    /** Sends PENDING.REFRESH whenever a queue changed (provided by the app). */
    queueChanges: fromCallback<PendingEvent>(() => () => {}),
  },
  delays: { every: PENDING_EVERY_MS },
}).createMachine({
  id: 'pendingCounts',
  context: { counts: {} },
  // Without the listener the counts still follow the clock and the screens opened.
  invoke: { id: 'queueChanges', src: 'queueChanges', onError: { actions: [] } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCounts',
        src: 'loadCounts',
        onDone: { target: 'idle', actions: assign({ counts: ({ event }) => event.output }) },
        onError: 'idle',
      },
    },
    idle: {
      after: { every: 'loading' },
      on: { 'PENDING.REFRESH': 'loading' },
    },
  },
});
