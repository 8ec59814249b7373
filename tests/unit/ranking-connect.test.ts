import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { rankingMachine, rankList, type RankRow } from '../../machines/ranking/ranking';
import { connectRanking } from '../../machines/ranking/ranking.connect';
import type { Page } from '../../machines/shared/paged-list';
import type { PagedListSnapshot } from '../../machines/shared/paged-list.connect';

const entry = (Id: number): RankRow => ({
  Id, user: 'tr***42', code: `1000000${Id}`, multiple: 100, three_week_rate: 6.25, three_week_win: 80,
  three_week_profit: '625.00', total_rate: 6.25, total_trade_num: 5, curve: [0, 625],
});

/** One page, as the flow's loader answers it. */
const pageOf = (page: Page<RankRow>) => rankList.provide({ actors: { loadPage: fromPromise<Page<RankRow>, { page: number }>(async () => page) } });

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ranking view', () => {
  it('shows loading first, then the rows, the as-of time and the rules, and the notice of a tapped row', async () => {
    const machine = rankingMachine.provide({
      actors: {
        rankList: pageOf({ items: [entry(1)], total: 1, meta: { as_of: 1_700_000_000_000, min_trades: 5, days: 21 } }),
      },
    });
    const actor = createActor(machine).start();
    const view = () => {
      const snapshot = actor.getSnapshot() as SnapshotFrom<typeof rankingMachine>;
      return connectRanking(snapshot, snapshot.children.list?.getSnapshot() as PagedListSnapshot<RankRow> | undefined);
    };
    expect(view()).toMatchObject({ empty: 'loading', rows: [], asOf: undefined, comingSoon: false });
    await settled();
    expect(view()).toMatchObject({ empty: undefined, isFinished: true, asOf: 1_700_000_000_000, minTrades: 5, days: 21 });
    expect(view().rows.map((r) => r.code)).toEqual(['10000001']);
    actor.send({ type: 'ROW.TAP', id: 1 });
    expect(view().comingSoon).toBe(true);
    actor.stop();
  });

  it('says nothing of an as-of time before the first run', async () => {
    const machine = rankingMachine.provide({
      actors: { rankList: pageOf({ items: [], total: 0, meta: { as_of: 0, min_trades: 5, days: 21 } }) },
    });
    const actor = createActor(machine).start();
    await settled();
    const snapshot = actor.getSnapshot();
    expect(connectRanking(snapshot, snapshot.children.list?.getSnapshot() as PagedListSnapshot<RankRow>)).toMatchObject({ empty: 'none', asOf: undefined });
    actor.stop();
  });
});
