import type { SnapshotFrom } from 'xstate';
import { isFinished, type Identified, type PagedListMachine } from './paged-list';

export type PagedListSnapshot<T extends Identified> = SnapshotFrom<PagedListMachine<T>>;

export interface PagedListView<T> {
  items: T[];
  meta: Record<string, string | number>;
  isLoading: boolean;
  isFailed: boolean;
  /**
   * Where a failed load is said: in place of the rows when none are shown, else at the list's end,
   * where the reader is (a next page that failed).
   */
  failedAt: 'list' | 'end' | undefined;
  /** Every page is here: the list end says "no more". */
  isFinished: boolean;
  /** What an empty list says instead of rows: still loading, or nothing to show. */
  empty: 'loading' | 'none' | undefined;
}

const NO_ITEMS: never[] = [];
const NO_META = {};

/** What a paged list shows; a list not started yet shows as loading. */
export function connectPagedList<T extends Identified>(snapshot: PagedListSnapshot<T> | undefined): PagedListView<T> {
  if (!snapshot) return { items: NO_ITEMS, meta: NO_META, isLoading: true, isFailed: false, failedAt: undefined, isFinished: false, empty: 'loading' };
  const { items, meta } = snapshot.context;
  const isLoading = snapshot.matches('loading');
  const isFailed = snapshot.matches('failed');
  return {
    items,
    meta,
    isLoading,
    isFailed,
    failedAt: isFailed ? (items.length > 0 ? 'end' : 'list') : undefined,
    isFinished: isFinished(snapshot.context),
    empty: items.length > 0 || isFailed ? undefined : isLoading ? 'loading' : 'none',
  };
}
