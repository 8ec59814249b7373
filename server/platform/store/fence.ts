import type { SQL } from 'drizzle-orm';
import type { Tx } from './open';

/**
 * What every engine write carries: proof, checked in the write's own transaction, that this engine
 * still leads. The cluster's leadership makes it (`server/cluster/leadership.ts`); the engine and
 * the live market only carry it, so they need not know the cluster.
 */
export interface Fence {
  readonly epoch: number;
  /** First thing in a transaction: refuses when another engine has taken over. */
  check(tx: Tx): Promise<void>;
  /** The same check inside a single statement: a condition true while this engine leads. */
  readonly holds: SQL;
}
