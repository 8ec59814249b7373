import { assign, fromPromise, setup } from 'xstate';
import { approveNoteOf, refusalMessage, type Notice } from './refusal';

/**
 * A review queue (deposits, withdrawals, identity, adjustments): one status at a time, oldest first,
 * page by page. A reviewer opens a decision on a row, adds its note (reference, transaction hash or
 * reason), confirms, and the row leaves the list with the server's message. A queue may also let
 * decided rows be reopened (an identity check that used every submission gets one more).
 */
export type Decision = 'approve' | 'reject' | 'reopen';
export type Status = string | number;

/** Whether approving asks for a note: deposits take an optional reference, withdrawals a required hash. */
export type NoteRule = 'none' | 'optional' | 'required';

export interface QueueRow {
  id: number;
  /**
   * What approving this row asks for, when not the queue's rule: the first of a withdrawal's two
   * approvals pays nothing, so it asks for no transaction hash.
   */
  approveNote?: NoteRule;
  /**
   * Which version of the request the reviewer sees (an identity check's attempt): the decision names
   * it, so that one sent again since is not decided unseen.
   */
  version?: number;
}

export interface QueuePage<T> {
  items: T[];
  total: number;
}

export interface DecisionRequest {
  id: number;
  decision: Decision;
  /** The approval's reference or hash, or the rejection's reason ('' when none). */
  note: string;
  /** The row's version as shown, when it has one. */
  version?: number;
}

export interface DecisionOutcome {
  /** The server's message. */
  message: string;
  /** Withdrawals: `approved` when a second staff member must still approve. */
  status?: string;
}

export interface QueueInput<S extends Status> {
  status: S;
  /** Statuses whose rows can still be decided (pending ones). */
  actionable: readonly S[];
  /** Statuses whose rows may be reopened (none by default). */
  reopenable?: readonly S[];
  approveNote: NoteRule;
  pageSize?: number;
  /** Whether the queue can be narrowed to one trader (the call takes `trader`). */
  searchable?: boolean;
  /** The trader to start narrowed to (a link from the trader look-up). */
  trader?: string;
}

export interface QueueContext<T extends QueueRow, S extends Status> {
  status: S;
  actionable: readonly S[];
  reopenable: readonly S[];
  approveNote: NoteRule;
  page: number;
  pageSize: number;
  items: T[];
  total: number;
  searchable: boolean;
  /** The trader typed in the search box, and the one the rows were asked for ('' for everyone). */
  search: string;
  trader: string;
  /** The decision being confirmed, with what its approval asks for. */
  open: { id: number; decision: Decision; approveNote: NoteRule } | undefined;
  note: string;
  problem: 'noteRequired' | undefined;
  notice: Notice | undefined;
  /** The last approval waits for a second staff member (withdrawals at or above the threshold). */
  secondNeeded: boolean;
}

export type QueueEvent<S extends Status> =
  | { type: 'QUEUE.STATUS'; status: S }
  | { type: 'QUEUE.PAGE'; page: number }
  | { type: 'QUEUE.REFRESH' }
  | { type: 'SEARCH.CHANGE'; value: string }
  | { type: 'SEARCH.APPLY' }
  | { type: 'SEARCH.CLEAR' }
  | { type: 'DECISION.OPEN'; id: number; decision: Decision }
  | { type: 'DECISION.NOTE'; value: string }
  | { type: 'DECISION.CONFIRM' }
  | { type: 'DECISION.CANCEL' }
  | { type: 'NOTICE.DISMISS' };

export const PAGE_SIZE = 20;
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

const needsNote = (context: QueueContext<QueueRow, Status>) =>
  context.open?.decision === 'reject' || (context.open?.decision === 'approve' && context.open.approveNote === 'required');

/** The machine for rows of type T filtered by statuses of type S. */
export function reviewQueue<T extends QueueRow, S extends Status>() {
  return setup({
    types: { context: {} as QueueContext<T, S>, events: {} as QueueEvent<S>, input: {} as QueueInput<S> },
    actors: {
      loadPage: fromPromise<QueuePage<T>, { status: S; page: number; limit: number; trader?: string }>(async () => {
        throw new Error('loadPage not provided');
      }),
      decide: fromPromise<DecisionOutcome, DecisionRequest>(async () => {
        throw new Error('decide not provided');
      }),
    },
    actions: {
      closeDecision: assign({ open: undefined, note: '', problem: undefined }),
    },
    guards: {
      /** Only rows of this page in a pending status can be decided, and in a reopenable one reopened. */
      canDecide: ({ context }, params: { id: number; decision: Decision }) =>
        (params.decision === 'reopen' ? context.reopenable : context.actionable).includes(context.status)
        && context.items.some((item) => item.id === params.id),
      pageExists: ({ context }, params: { page: number }) =>
        Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context.total, context.pageSize) && params.page !== context.page,
      noteMissing: ({ context }) => needsNote(context) && context.note.trim() === '',
      searchable: ({ context }) => context.searchable,
      /** The last row of a page left while more rows remain: load a page again. */
    },
  }).createMachine({
    id: 'reviewQueue',
    context: ({ input }) => ({
      status: input.status,
      actionable: input.actionable,
      reopenable: input.reopenable ?? [],
      approveNote: input.approveNote,
      page: 1,
      pageSize: input.pageSize ?? PAGE_SIZE,
      items: [],
      total: 0,
      searchable: input.searchable ?? false,
      search: input.searchable ? (input.trader?.trim() ?? '') : '',
      trader: input.searchable ? (input.trader?.trim() ?? '') : '',
      open: undefined,
      note: '',
      problem: undefined,
      notice: undefined,
      secondNeeded: false,
    }),
    initial: 'browsing',
    on: {
      'NOTICE.DISMISS': { actions: assign({ notice: undefined, secondNeeded: false }) },
      'SEARCH.CHANGE': { guard: 'searchable', actions: assign({ search: ({ event }) => event.value }) },
    },
    states: {
      /** The rows: loading, shown, or failed to load. */
      browsing: {
        initial: 'loading',
        // What the staff member asks to see is taken while a page loads too: the load starts again.
        on: {
          'QUEUE.STATUS': { target: '.loading', reenter: true, actions: assign({ status: ({ event }) => event.status, page: 1, notice: undefined, secondNeeded: false }) },
          'QUEUE.PAGE': {
            guard: { type: 'pageExists', params: ({ event }) => ({ page: event.page }) },
            target: '.loading',
            reenter: true,
            actions: assign({ page: ({ event }) => event.page }),
          },
          'SEARCH.APPLY': { guard: 'searchable', target: '.loading', reenter: true, actions: assign({ trader: ({ context }) => context.search.trim(), page: 1, notice: undefined }) },
          'SEARCH.CLEAR': { guard: 'searchable', target: '.loading', reenter: true, actions: assign({ search: '', trader: '', page: 1, notice: undefined }) },
        },
        states: {
          loading: {
            invoke: {
              id: 'loadPage',
              src: 'loadPage',
              input: ({ context }) => ({ status: context.status, page: context.page, limit: context.pageSize, ...(context.trader ? { trader: context.trader } : {}) }),
              onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total }) },
              onError: { target: 'failed', actions: assign({ notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }) }) },
            },
          },
          ready: {
            on: {
              'QUEUE.REFRESH': 'loading',
              'DECISION.OPEN': {
                guard: { type: 'canDecide', params: ({ event }) => ({ id: event.id, decision: event.decision }) },
                target: '#reviewQueue.confirming',
                // A new question starts clean: the last decision's message is not this one's.
                actions: assign({
                  open: ({ context, event }) => ({
                    id: event.id,
                    decision: event.decision,
                    approveNote: context.items.find((item) => item.id === event.id)?.approveNote ?? context.approveNote,
                  }),
                  note: '',
                  problem: undefined,
                  notice: undefined,
                  secondNeeded: false,
                }),
              },
            },
          },
          failed: {
            on: { 'QUEUE.REFRESH': { target: 'loading', actions: assign({ notice: undefined }) } },
          },
        },
      },
      /** The question before an action that cannot be undone, with its note. */
      confirming: {
        on: {
          'DECISION.NOTE': { actions: assign({ note: ({ event }) => event.value, problem: undefined }) },
          'DECISION.CANCEL': { target: 'browsing.ready', actions: 'closeDecision' },
          'DECISION.CONFIRM': [
            { guard: 'noteMissing', actions: assign({ problem: 'noteRequired' as const }) },
            { target: 'deciding' },
          ],
        },
      },
      deciding: {
        entry: assign({ notice: undefined, secondNeeded: false }),
        invoke: {
          id: 'decide',
          src: 'decide',
          input: ({ context }) => ({
            id: context.open!.id, decision: context.open!.decision, note: context.note.trim(),
            version: context.items.find((item) => item.id === context.open!.id)?.version,
          }),
          onDone: {
            target: 'decided',
            actions: [
              assign({
                items: ({ context }) => context.items.filter((item) => item.id !== context.open!.id),
                total: ({ context }) => Math.max(0, context.total - 1),
                notice: ({ event }) => ({ tone: 'done' as const, text: event.output.message }),
                secondNeeded: ({ event }) => event.output.status === 'approved',
              }),
              'closeDecision',
            ],
          },
          // The question stays open with the server's reason (already handled, second approver needed...).
          onError: {
            target: 'confirming',
            actions: assign({
              notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }),
              open: ({ context, event }) => {
                const approveNote = approveNoteOf(event.error);
                return approveNote && context.open ? { ...context.open, approveNote } : context.open;
              },
            }),
          },
        },
      },
      // The rows are read again: a decision changes others beside its own (a trader's balance, an
      // ID number now verified that another request repeats), and a page it emptied moves back.
      decided: {
        always: {
          target: 'browsing.loading',
          actions: assign({ page: ({ context }) => Math.min(context.page, pageCount(context.total, context.pageSize)) }),
        },
      },
    },
  });
}

export type ReviewQueueMachine<T extends QueueRow, S extends Status> = ReturnType<typeof reviewQueue<T, S>>;
