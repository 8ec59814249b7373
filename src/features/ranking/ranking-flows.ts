import { fromPromise } from 'xstate';
import { rankingCalls } from '../../../contract/ranking';
import { rankingMachine, rankList } from '../../../machines/ranking/ranking';
import { call } from '../../shared/api/client';

const PAGE = 10;

/** /rank bound to the API: each page's rows numbered by their place, with the run's as-of time and rules. */
export const rankingFlow = () =>
  rankingMachine.provide({
    actors: {
      rankList: rankList.provide({
        actors: {
          loadPage: fromPromise(async ({ input }) => {
            const page = await call(rankingCalls.followList, { page: input.page, limit: PAGE });
            return {
              items: page.data.map((entry, i) => ({ ...entry, Id: (input.page - 1) * PAGE + i + 1 })),
              total: page.total,
              meta: { as_of: page.as_of, min_trades: page.min_trades, days: page.days },
            };
          }),
        },
      }),
    },
  });
