import { assign, fromPromise, setup } from 'xstate';
import type { AuditItem } from '../../contract/backoffice';
import { refusalMessage, type Notice } from './refusal';
import { PAGE_SIZE, pageCount, type QueuePage } from './review-queue';

/**
 * The audit log (admin): newest first, page by page, filtered by who (a staff id or email), what (an
 * action or its start: `deposit`) and on what (`withdrawal:4`).
 */
export interface AuditFilter {
  staff: string;
  action: string;
  target: string;
}

export interface AuditQuery {
  staff_id?: number;
  staff_email?: string;
  action?: string;
  target?: string;
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
  problem: 'staff' | undefined;
  notice: Notice | undefined;
}

export type AuditEvent =
  | { type: 'FILTER.CHANGE'; field: keyof AuditFilter; value: string }
  | { type: 'FILTER.APPLY' }
  | { type: 'FILTER.CLEAR' }
  | { type: 'QUEUE.PAGE'; page: number };

const STAFF_ID = /^[1-9]\d{0,9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NO_FILTER: AuditFilter = { staff: '', action: '', target: '' };

/** Who, as the call takes it: a whole number is an id, an address an email. */
function staffQuery(staff: string): Pick<AuditQuery, 'staff_id' | 'staff_email'> {
  const who = staff.trim();
  if (STAFF_ID.test(who)) return { staff_id: Number(who) };
  return who ? { staff_email: who } : {};
}

export const auditQuery = (filter: AuditFilter, page: number): AuditQuery => ({
  ...staffQuery(filter.staff),
  ...(filter.action.trim() ? { action: filter.action.trim() } : {}),
  ...(filter.target.trim() ? { target: filter.target.trim() } : {}),
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
    badStaff: ({ context }) => {
      const who = context.filter.staff.trim();
      return who !== '' && !STAFF_ID.test(who) && !EMAIL.test(who);
    },
    pageExists: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context.total, PAGE_SIZE) && params.page !== context.page,
  },
}).createMachine({
  id: 'auditLog',
  context: { filter: NO_FILTER, applied: NO_FILTER, page: 1, items: [], total: 0, problem: undefined, notice: undefined },
  initial: 'loading',
  // A filter or page asked for while a page loads is taken too: the load starts again.
  on: {
    'FILTER.CHANGE': { actions: assign({ filter: ({ context, event }) => ({ ...context.filter, [event.field]: event.value }), problem: undefined }) },
    'FILTER.APPLY': [
      { guard: 'badStaff', actions: assign({ problem: 'staff' as const }) },
      { target: '.loading', reenter: true, actions: assign({ applied: ({ context }) => context.filter, page: 1 }) },
    ],
    'FILTER.CLEAR': { target: '.loading', reenter: true, actions: assign({ filter: NO_FILTER, applied: NO_FILTER, page: 1, problem: undefined }) },
    'QUEUE.PAGE': {
      guard: { type: 'pageExists', params: ({ event }) => ({ page: event.page }) },
      target: '.loading',
      reenter: true,
      actions: assign({ page: ({ event }) => event.page }),
    },
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
    ready: {},
  },
});
