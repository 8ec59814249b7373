import { assign, fromPromise, setup } from 'xstate';
import type { AuditItem } from '../../contract/backoffice';
import { refusalMessage, type Notice } from './refusal';
import { PAGE_SIZE, pageCount, type QueuePage } from './review-queue';

/** The audit log (admin): newest first, filtered by staff id and action, page by page. */
export interface AuditFilter {
  staffId: string;
  action: string;
}

export interface AuditQuery {
  staff_id?: number;
  action?: string;
  page: number;
  limit: number;
}

export interface AuditContext {
  /** What the form holds, and what the shown rows were asked with. */
  filter: AuditFilter;
  applied: AuditFilter;
  page: number;
  items: AuditItem[];
  total: number;
  problem: 'staffId' | undefined;
  notice: Notice | undefined;
}

export type AuditEvent =
  | { type: 'FILTER.CHANGE'; field: keyof AuditFilter; value: string }
  | { type: 'FILTER.APPLY' }
  | { type: 'FILTER.CLEAR' }
  | { type: 'QUEUE.PAGE'; page: number };

const STAFF_ID = /^[1-9]\d{0,9}$/;
const NO_FILTER: AuditFilter = { staffId: '', action: '' };

export const auditQuery = (filter: AuditFilter, page: number): AuditQuery => ({
  ...(filter.staffId.trim() ? { staff_id: Number(filter.staffId.trim()) } : {}),
  ...(filter.action.trim() ? { action: filter.action.trim() } : {}),
  page,
  limit: PAGE_SIZE,
});

export const auditLogMachine = setup({
  types: { context: {} as AuditContext, events: {} as AuditEvent },
  actors: {
    loadPage: fromPromise<QueuePage<AuditItem>, AuditQuery>(async () => {
      throw new Error('loadPage not provided');
    }),
  },
  guards: {
    badStaffId: ({ context }) => context.filter.staffId.trim() !== '' && !STAFF_ID.test(context.filter.staffId.trim()),
    pageExists: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context.total, PAGE_SIZE) && params.page !== context.page,
  },
}).createMachine({
  id: 'auditLog',
  context: { filter: NO_FILTER, applied: NO_FILTER, page: 1, items: [], total: 0, problem: undefined, notice: undefined },
  initial: 'loading',
  on: {
    'FILTER.CHANGE': { actions: assign({ filter: ({ context, event }) => ({ ...context.filter, [event.field]: event.value }), problem: undefined }) },
  },
  states: {
    loading: {
      entry: assign({ notice: undefined }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => auditQuery(context.applied, context.page),
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total }) },
        onError: { target: 'ready', actions: assign({ notice: ({ event }) => ({ tone: 'refused' as const, text: refusalMessage(event.error) }) }) },
      },
    },
    ready: {
      on: {
        'FILTER.APPLY': [
          { guard: 'badStaffId', actions: assign({ problem: 'staffId' as const }) },
          { target: 'loading', actions: assign({ applied: ({ context }) => context.filter, page: 1 }) },
        ],
        'FILTER.CLEAR': { target: 'loading', actions: assign({ filter: NO_FILTER, applied: NO_FILTER, page: 1, problem: undefined }) },
        'QUEUE.PAGE': {
          guard: { type: 'pageExists', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
      },
    },
  },
});
