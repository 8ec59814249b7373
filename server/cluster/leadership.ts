import { sql, type SQL } from 'drizzle-orm';
import { refuse } from '../platform/http/refusal';
import type { Fence } from '../platform/store/fence';
import { rowsOf, type Db } from '../platform/store/open';

/** How long a leader's word holds without being renewed; a standby takes over after it. */
export const LEASE_MS = 3000;

export interface Holder {
  epoch: number;
  node: string;
  /** The lease has not run out (by the database's clock). */
  live: boolean;
}

/**
 * The engine's leadership: one row in the database, an epoch that only grows. Taking over raises
 * the epoch; the old leader's writes, fenced by the epoch they were made under, are refused from then on.
 */
export class Leadership {
  private held: number | undefined;

  constructor(private readonly db: Db, readonly node: string, readonly leaseMs = LEASE_MS) {}

  /** The epoch this node leads under, if it does (as far as its last word with the database goes). */
  get epoch(): number | undefined {
    return this.held;
  }

  /**
   * Takes the lead when nobody holds a live lease, or when `force`d (the embedded store: no other
   * process can open it). Answers whether it leads now. A live lease under this node's own name is
   * not taken either: it may be another process started with the same `NODE_ID`.
   */
  async campaign({ force = false }: { force?: boolean } = {}): Promise<boolean> {
    const [row] = rowsOf<{ epoch: string }>(await this.db.execute(sql`
      INSERT INTO engine_leadership (id, epoch, node, lease_until) VALUES (1, 1, ${this.node}, now() + ${this.lease})
      ON CONFLICT (id) DO UPDATE SET epoch = engine_leadership.epoch + 1, node = excluded.node, lease_until = excluded.lease_until
      WHERE engine_leadership.lease_until < now() OR ${force}
      RETURNING epoch`));
    this.held = row ? Number(row.epoch) : undefined;
    return row !== undefined;
  }

  /** Extends the lease; false when another node has taken over (this one must stop acting). */
  async renew(): Promise<boolean> {
    if (this.held === undefined) return false;
    const rows = rowsOf(await this.db.execute(sql`
      UPDATE engine_leadership SET lease_until = now() + ${this.lease} WHERE id = 1 AND epoch = ${this.held} RETURNING epoch`));
    if (rows.length === 0) this.held = undefined;
    return rows.length > 0;
  }

  /** A planned stop: the lease ends now, so a standby takes over at its next look. */
  async release(): Promise<void> {
    if (this.held === undefined) return;
    await this.db.execute(sql`UPDATE engine_leadership SET lease_until = now() - interval '1 millisecond' WHERE id = 1 AND epoch = ${this.held}`);
    this.held = undefined;
  }

  /** Who leads now, by the record. */
  async holder(): Promise<Holder | undefined> {
    const [row] = rowsOf<{ epoch: string; node: string; live: boolean }>(await this.db.execute(sql`
      SELECT epoch, node, lease_until >= now() AS live FROM engine_leadership WHERE id = 1`));
    return row && { epoch: Number(row.epoch), node: row.node, live: row.live };
  }

  /**
   * The fence of the epoch led now; writes under it fail once another node takes over. The row is
   * read `FOR SHARE`, so a takeover (which updates it) waits for the write to commit, and the new
   * leader, loading after its takeover, sees it.
   */
  fence(): Fence {
    const epoch = this.held ?? refuse('engine_unavailable');
    const holds = sql`EXISTS (SELECT 1 FROM engine_leadership WHERE id = 1 AND epoch = ${epoch} FOR SHARE)`;
    return {
      epoch,
      holds,
      async check(tx) {
        const [row] = rowsOf<{ leads: boolean }>(await tx.execute(sql`SELECT ${holds} AS leads`));
        if (!row?.leads) refuse('engine_unavailable');
      },
    };
  }

  private get lease(): SQL {
    return sql`${`${this.leaseMs} milliseconds`}::interval`;
  }
}
