import { describe, expect, it } from 'vitest';
import { Leadership } from '../../server/cluster/leadership';
import { IDLE_IN_TRANSACTION_MS, openStore } from '../../server/platform/store/open';
import { seedStore } from '../../server/seed';
import { leadershipSuite } from '../support/leadership-suite';
import { postgresSchema } from '../support/postgres';

leadershipSuite('PostgreSQL', postgresSchema('leadership'));

describe('engine leadership when the leader freezes mid-write (PostgreSQL)', () => {
  const options = postgresSchema('leadership_frozen');

  it('ends the frozen leader\'s transaction, so the standby takes over within seconds', async () => {
    const [leaderStore, standbyStore] = [await openStore(options()), await openStore(options())];
    try {
      await seedStore(leaderStore.db);
      const leader = new Leadership(leaderStore.db, 'node-a', 300);
      const standby = new Leadership(standbyStore.db, 'node-b', 300);
      expect(await leader.campaign({ force: true })).toBe(true);
      // A write holds the fence's row lock, then its process stops answering (as under SIGSTOP).
      const fence = leader.fence();
      let wake = () => {};
      const frozen = leaderStore.db.transaction(async (tx) => {
        await fence.check(tx);
        await new Promise<void>((resolve) => (wake = resolve));
      }).then(() => 'committed', () => 'ended by the database');
      await new Promise((resolve) => setTimeout(resolve, 400)); // past the lease
      const started = Date.now();
      expect(await standby.campaign()).toBe(true);
      expect(Date.now() - started).toBeLessThan(IDLE_IN_TRANSACTION_MS + 2000);
      // Woken, it finds its transaction gone: nothing it meant to write is written.
      wake();
      expect(await frozen).toBe('ended by the database');
    } finally {
      await Promise.all([leaderStore.close(), standbyStore.close()]);
    }
  }, 20_000);
});
