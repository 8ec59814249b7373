import type { SnapshotFrom } from 'xstate';
import type { pullRefreshMachine } from './pull-refresh';

/** The most the indicator grows, however far the list is pulled (px). */
export const MAX_INDICATOR = 80;

export interface PullRefreshView {
  /** Height of the indicator. */
  indicatorHeight: number;
  showsSpinner: boolean;
  isRefreshing: boolean;
}

export function connectPullRefresh(snapshot: SnapshotFrom<typeof pullRefreshMachine>): PullRefreshView {
  const { distance } = snapshot.context;
  return { indicatorHeight: Math.min(distance, MAX_INDICATOR), showsSpinner: distance > 0, isRefreshing: snapshot.matches('refreshing') };
}
