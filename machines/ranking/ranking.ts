import { sendTo, setup } from 'xstate';
import type { RankEntry } from '../../contract/ranking';
import { pagedList, type PagedEvent } from '../shared/paged-list';

/**
 * /rank: the ranking page by page (pull to refresh, more at the end) and the notice a tapped row
 * shows: following a trader is not offered yet, so the spec asks for "Coming soon~".
 */

/** A row of the list: the wire's entry, numbered by its place in the ranking. */
export type RankRow = RankEntry & { Id: number };

/** The list; its pages carry the run's as-of time and rules as meta (`as_of`, `min_trades`, `days`). */
export const rankList = pagedList<RankRow>();

export type RankingEvent = Extract<PagedEvent, { type: 'LIST.MORE' | 'LIST.REFRESH' }> | { type: 'ROW.TAP'; id: number };

export const rankingMachine = setup({
  types: { events: {} as RankingEvent, children: {} as { list: 'rankList' } },
  actors: { rankList },
  actions: {
    refreshList: sendTo('list', { type: 'LIST.REFRESH' }),
    moreOfList: sendTo('list', { type: 'LIST.MORE' }),
  },
  delays: { notice: 2500 },
}).createMachine({
  id: 'ranking',
  invoke: { id: 'list', src: 'rankList' },
  on: {
    'LIST.MORE': { actions: 'moreOfList' },
    'LIST.REFRESH': { actions: 'refreshList' },
  },
  initial: 'quiet',
  states: {
    quiet: { on: { 'ROW.TAP': 'comingSoon' } },
    // Another tap shows the notice for its full time again.
    comingSoon: {
      on: { 'ROW.TAP': { target: 'comingSoon', reenter: true } },
      after: { notice: 'quiet' },
    },
  },
});
