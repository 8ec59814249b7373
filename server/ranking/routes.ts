import { rankingCalls as calls, type RankEntry } from '../../contract/ranking';
import type { Deps } from '../deps';
import { MIN_CLOSED_TRADES, WINDOW_DAYS } from './figures';
import { entriesPage } from './queries';
import { startRanking } from './service';
import type { rankingEntries } from './schema';

const PAGE = 10;

const entryOf = (row: typeof rankingEntries.$inferSelect): RankEntry => ({
  user: row.maskedName,
  code: row.code,
  multiple: Number(row.multiple),
  three_week_rate: Number(row.threeWeekRate),
  three_week_win: Number(row.threeWeekWin),
  three_week_profit: row.threeWeekProfit,
  total_rate: Number(row.totalRate),
  total_trade_num: row.totalTradeNum,
  curve: JSON.parse(row.curve) as number[],
});

/** `/api/follow/list`, open to visitors (spec section 6), and the periodic run that fills it. */
export function rankingRoutes({ app, route, db }: Deps): void {
  const stop = startRanking(db, (error) => app.log.error({ err: error }, 'ranking run failed'));
  app.addHook('onClose', async () => stop());

  route(calls.followList, async ({ page, limit = PAGE }) => {
    const { rows, total, computedAt } = await entriesPage(db, page, limit);
    return { data: rows.map(entryOf), total, as_of: computedAt?.getTime() ?? 0, min_trades: MIN_CLOSED_TRADES, days: WINDOW_DAYS };
  });
}
