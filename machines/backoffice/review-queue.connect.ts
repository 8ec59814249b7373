import type { SnapshotFrom } from 'xstate';
import type { Notice } from './refusal';
import { pageCount, type Decision, type NoteRule, type QueueRow, type ReviewQueueMachine, type Status } from './review-queue';

export interface DecisionView<T> {
  item: T;
  decision: Decision;
  note: string;
  /** What the note is: the approval's reference or hash, or the rejection's reason. */
  noteKind: 'reference' | 'hash' | 'reason' | undefined;
  noteRequired: boolean;
  problem: 'noteRequired' | undefined;
  isBusy: boolean;
}

export interface QueueView<T, S> {
  status: S;
  items: T[];
  total: number;
  page: number;
  pages: number;
  isLoading: boolean;
  isFailed: boolean;
  /** Rows of this status can be approved or rejected. */
  canDecide: boolean;
  /** Rows of this status can be reopened. */
  canReopen: boolean;
  decision: DecisionView<T> | undefined;
  notice: Notice | undefined;
  secondNeeded: boolean;
  /** The search box, when the queue has one: what is typed, and whose rows are shown ('' for everyone). */
  search: { text: string; trader: string } | undefined;
}

const noteKind = (decision: Decision, rule: NoteRule) =>
  decision === 'reject' ? 'reason' as const
  : decision === 'reopen' ? undefined
  : rule === 'required' ? 'hash' as const : rule === 'optional' ? 'reference' as const : undefined;

export function connectQueue<T extends QueueRow, S extends Status>(snapshot: SnapshotFrom<ReviewQueueMachine<T, S>>): QueueView<T, S> {
  const c = snapshot.context;
  const item = c.open && c.items.find((row) => row.id === c.open!.id);
  return {
    status: c.status,
    items: c.items,
    total: c.total,
    page: c.page,
    pages: pageCount(c.total, c.pageSize),
    isLoading: snapshot.matches({ browsing: 'loading' }),
    isFailed: snapshot.matches({ browsing: 'failed' }),
    canDecide: c.actionable.includes(c.status),
    canReopen: c.reopenable.includes(c.status),
    decision: c.open && item ? {
      item,
      decision: c.open.decision,
      note: c.note,
      noteKind: noteKind(c.open.decision, c.open.approveNote),
      noteRequired: c.open.decision === 'reject' || (c.open.decision === 'approve' && c.open.approveNote === 'required'),
      problem: c.problem,
      isBusy: snapshot.matches('deciding'),
    } : undefined,
    notice: c.notice,
    secondNeeded: c.secondNeeded,
    search: c.searchable ? { text: c.search, trader: c.trader } : undefined,
  };
}

/** How long a request has waited, in whole units for "3 h 12 min" (days beyond a day). */
export function waitedParts(seconds: number): { days: number; hours: number; minutes: number } {
  const minutesTotal = Math.max(0, Math.floor(seconds / 60));
  return { days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}
