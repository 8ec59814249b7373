import type { SnapshotFrom } from 'xstate';
import { connectPagedList, type PagedListSnapshot, type PagedListView } from '../shared/paged-list.connect';
import type { RankRow, rankingMachine } from './ranking';

export interface RankingView extends Omit<PagedListView<RankRow>, 'items'> {
  rows: RankRow[];
  /** When the figures were worked out (epoch ms); undefined before the first page or the first run. */
  asOf: number | undefined;
  /** The rules of the list, for the note under it; undefined until a page came. */
  minTrades: number | undefined;
  days: number | undefined;
  /** The "Coming soon~" notice of a tapped row. */
  comingSoon: boolean;
}

const positive = (value: string | number | undefined) => (typeof value === 'number' && value > 0 ? value : undefined);

/** What /rank shows, from the ranking actor and its list. */
export function connectRanking(snapshot: SnapshotFrom<typeof rankingMachine>, list: PagedListSnapshot<RankRow> | undefined): RankingView {
  const { items, ...listView } = connectPagedList(list);
  return {
    ...listView,
    rows: items,
    asOf: positive(listView.meta.as_of),
    minTrades: positive(listView.meta.min_trades),
    days: positive(listView.meta.days),
    comingSoon: snapshot.matches('comingSoon'),
  };
}
