import { asc, count, desc, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/store/open';
import { rankingEntries, rankingRuns, type RankingEntryRow } from './schema';

/**
 * Replaces every entry and records the run, in one transaction: a reader sees one run or the next.
 * Both tables are locked first, in the order of their names (as `emptyStore` takes them), so two
 * runs (of two processes) follow each other, and a store being emptied at the same time cannot
 * deadlock with a run.
 */
export async function saveRun(db: Db, entries: RankingEntryRow[], computedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ranking_entries, ranking_runs IN SHARE ROW EXCLUSIVE MODE`);
    await tx.delete(rankingEntries);
    if (entries.length > 0) await tx.insert(rankingEntries).values(entries);
    await tx.insert(rankingRuns).values({ computedAt, listed: entries.length });
    // Runs come every few seconds while traders trade: a day of them is kept.
    await tx.delete(rankingRuns).where(lt(rankingRuns.computedAt, new Date(computedAt.getTime() - 86_400_000)));
  });
}

/** One page of the latest run, best first, and when that run was made (undefined before the first). */
export async function entriesPage(db: Db, page: number, limit: number) {
  const [rows, [counted], [run]] = await Promise.all([
    db.select().from(rankingEntries).orderBy(asc(rankingEntries.position)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(rankingEntries),
    db.select({ computedAt: rankingRuns.computedAt }).from(rankingRuns).orderBy(desc(rankingRuns.id)).limit(1),
  ]);
  return { rows, total: counted!.total, computedAt: run?.computedAt };
}
