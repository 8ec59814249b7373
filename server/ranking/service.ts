import { tradersOf } from '../accounts/accounts';
import * as ledger from '../ledger/ledger';
import type { Db } from '../platform/store/open';
import { closedTradeTotals, closedTradesByDay } from '../trading/trading';
import { figuresOf, maskedName, MIN_CLOSED_TRADES, ranksAbove, WINDOW_DAYS, type TraderHistory } from './figures';
import { saveRun } from './queries';

/** How often the figures are worked out again (and once at start-up). */
export const REFRESH_MS = 5 * 60_000;
/** After money moves (a trade closed, a deposit credited), a run this soon, to gather what follows. */
const AFTER_CHANGE_MS = 2_000;
/** ...and never sooner than this after the run before: a busy market would run it on every close. */
const MIN_GAP_MS = 5_000;
const DAY_MS = 86_400_000;

/** Runs one after another in this process: two at once would race to replace the same entries. */
let running: Promise<unknown> = Promise.resolve();

/**
 * Works the ranking out from the store as it is now and replaces the stored one: real traders with
 * at least `MIN_CLOSED_TRADES` closed in the last `WINDOW_DAYS` days, best three-week return first.
 * Answers how many were listed.
 */
export function refreshRanking(db: Db, now = new Date()): Promise<number> {
  const run = running.catch(() => undefined).then(() => compute(db, now));
  running = run;
  return run;
}

async function compute(db: Db, now: Date): Promise<number> {
  const from = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const days = await closedTradesByDay(db, from, MIN_CLOSED_TRADES);
  const traders = await tradersOf(db, days.map((d) => d.userId));
  // Demo accounts trade play money: never listed.
  const real = [...traders.values()].filter((t) => !t.isDemo);
  const ids = real.map((t) => t.id);
  const [totals, flows] = await Promise.all([closedTradeTotals(db, ids), ledger.cashFlows(db, ids, from)]);
  const ranked = real.map((trader) => {
    const history: TraderHistory = {
      days: days.filter((d) => d.userId === trader.id),
      totalTrades: totals.get(trader.id)?.trades ?? 0,
      totalNet: totals.get(trader.id)?.net ?? '0',
      ...(flows.get(trader.id) ?? { netBefore: '0', inBefore: '0', inSince: '0', outSince: '0' }),
    };
    return { trader, figures: figuresOf(history) };
  }).sort((a, b) => ranksAbove(a.figures, b.figures) || a.trader.id - b.trader.id);
  await saveRun(db, ranked.map(({ trader, figures: f }, i) => ({
    position: i + 1,
    userId: trader.id,
    maskedName: maskedName(trader.email, trader.uid),
    code: trader.uid,
    multiple: String(f.multiple),
    threeWeekRate: String(f.threeWeekRate),
    threeWeekWin: String(f.threeWeekWin),
    threeWeekProfit: f.threeWeekProfit,
    totalRate: String(f.totalRate),
    totalTradeNum: f.totalTradeNum,
    curve: JSON.stringify(f.curve),
  })), now);
  return ranked.length;
}

/**
 * Works the ranking out now, every `REFRESH_MS`, and soon after any account's money moves (a trade
 * closed here or on another node, a deposit, a withdrawal): a trader's fifth trade lists them within
 * seconds, not minutes. Answers the function that stops it.
 */
export function startRanking(db: Db, onError: (error: unknown) => void): () => void {
  let lastRun = 0;
  let soon: NodeJS.Timeout | undefined;
  const run = () => {
    soon = undefined;
    lastRun = Date.now();
    void refreshRanking(db).catch(onError);
  };
  run();
  const timer = setInterval(run, REFRESH_MS);
  timer.unref();
  const stopListening = ledger.onWalletChange(() => {
    if (soon) return;
    soon = setTimeout(run, Math.max(AFTER_CHANGE_MS, lastRun + MIN_GAP_MS - Date.now()));
    soon.unref();
  });
  return () => {
    clearInterval(timer);
    clearTimeout(soon);
    stopListening();
  };
}
