import { z } from 'zod/mini';
import { defineCall } from './define';
import { money, pageQuery, text } from './fields';

/**
 * The trader ranking (`/api/follow/list`, spec section 7): real traders only, figures worked out
 * periodically by the server (docs/ranking.md). Rates and win rates are percentages.
 */
export const rankEntry = z.object({
  /** The trader's name, masked ("tr***42"). */
  user: text(64),
  /** The trader's public code (the account number shown in the user centre). */
  code: text(32),
  /** Average leverage of the closed trades of the last three weeks. */
  multiple: z.number().check(z.gte(0)),
  /** Three-week return, net of deposits and withdrawals, in percent. */
  three_week_rate: z.number(),
  /** Share of the three weeks' closed trades that made money after their fee, in percent. */
  three_week_win: z.number().check(z.gte(0), z.lte(100)),
  /** Result of the three weeks' closed trades after fees, in USD. */
  three_week_profit: money(),
  /** Result of every closed trade after fees, in percent of everything paid in. */
  total_rate: z.number(),
  total_trade_num: z.int().check(z.gte(0)),
  /** Cumulative result after fees at the end of each of the last 21 days, oldest first (USD). */
  curve: z.array(z.number()).check(z.maxLength(31)),
});
export type RankEntry = z.infer<typeof rankEntry>;

export const rankPage = z.object({
  data: z.array(rankEntry),
  total: z.int().check(z.gte(0)),
  /** When the figures were worked out, epoch ms; 0 before the first run. */
  as_of: z.int().check(z.gte(0)),
  /** Closed trades in the window a trader needs to be listed, and the window in days. */
  min_trades: z.int().check(z.gte(1)),
  days: z.int().check(z.gte(1)),
});
export type RankPage = z.infer<typeof rankPage>;

export const rankingCalls = {
  followList: defineCall({
    method: 'GET', path: '/api/follow/list', encoding: 'query', auth: false,
    request: z.object(pageQuery), response: rankPage,
  }),
} as const;
