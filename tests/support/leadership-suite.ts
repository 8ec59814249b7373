import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BALANCE } from '../../domain/account';
import { createUser } from '../../server/accounts/users';
import { claimEngine } from '../../server/cluster/engine-claim';
import { Leadership } from '../../server/cluster/leadership';
import type { Config } from '../../server/platform/config';
import * as ledger from '../../server/ledger/ledger';
import { openMarket } from '../../server/market/open';
import type { LiveMarket } from '../../server/market/live-market';
import { Refusal } from '../../server/platform/http/refusal';
import { openStore, rowsOf, type Store, type StoreOptions } from '../../server/platform/store/open';
import { seedStore } from '../../server/seed';
import { Settings } from '../../server/settings/settings';
import { Engine } from '../../server/trading/engine';

/**
 * One engine acts on a database: the leadership row, its epoch, and the fence every engine write
 * checks. Two `Leadership`s on one store stand for two nodes.
 */
export function leadershipSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`engine leadership (${label})`, () => {
    let store: Store;
    let market: LiveMarket;
    let settings: Settings;

    beforeAll(async () => {
      store = await openStore(storeOptions());
      await seedStore(store.db);
      market = await openMarket({ marketFeed: 'off', marketSeed: 1 }, store.db, { log: () => {} });
      const inst = market.instrument('EURUSD')!;
      market.status(inst, true, Date.now());
      market.tick(inst, 1.085, 1.0852, Date.now());
      settings = await Settings.open(store.db);
    });
    afterAll(async () => {
      await market?.stop();
      await store?.close();
    });

    const trader = () => ledger.transaction(store.db, (tx) =>
      createUser(tx, { email: null, passwordHash: null, isDemo: true, demoId: crypto.randomUUID(), startingBalance: DEMO_BALANCE }));
    const submit = (engine: Engine, userId: number) => engine.submit(userId, {
      side: 1, lots: 0.1, productId: market.product(market.instrument('EURUSD')!.id)!.Id, market: true, target: 0, stopLoss: 0, takeProfit: 0, leverage: 100,
    });
    const ordersOf = async (userId: number) =>
      rowsOf<{ n: number }>(await store.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`))[0]!.n;
    const refusalOf = (promise: Promise<unknown>) => promise.then(() => 'done', (error: unknown) => (error instanceof Refusal ? error.key : String(error)));

    it('lets one node lead while its lease lives, and the next after it is released', async () => {
      const a = new Leadership(store.db, 'node-a');
      const b = new Leadership(store.db, 'node-b');
      expect(await a.campaign({ force: true })).toBe(true);
      expect(await b.campaign()).toBe(false);
      expect(await b.holder()).toMatchObject({ node: 'node-a', epoch: a.epoch, live: true });
      expect(await a.renew()).toBe(true);

      await a.release();
      expect(a.epoch).toBeUndefined();
      expect(await b.campaign()).toBe(true);
      expect(await b.holder()).toMatchObject({ node: 'node-b', live: true });
      expect(b.epoch).toBeGreaterThan(0);
    });

    it('takes over from a leader whose lease ran out, and the old leader learns it lost', async () => {
      const a = new Leadership(store.db, 'node-a', 100);
      const b = new Leadership(store.db, 'node-b', 100);
      expect(await a.campaign({ force: true })).toBe(true);
      const first = a.epoch!;
      await new Promise((resolve) => setTimeout(resolve, 250)); // a stops renewing: paused or gone
      expect(await b.campaign()).toBe(true);
      expect(b.epoch).toBe(first + 1);
      expect(await a.renew()).toBe(false);
      expect(a.epoch).toBeUndefined();
    });

    it('restarts under its NODE_ID once the old run\'s lease runs out, but never beside a live process of that name', async () => {
      const config = { nodeRole: 'all' } as Config;
      const running = new Leadership(store.db, 'node-a', 300);
      expect(await running.campaign({ force: true })).toBe(true);
      const renewing = setInterval(() => void running.renew(), 100);
      const twin = new Leadership(store.db, 'node-a', 300);
      try {
        expect(await twin.campaign()).toBe(false);
        await expect(claimEngine(twin, config, { embedded: false })).rejects.toThrow(/another process with this NODE_ID \(node-a\) runs the engine/);
        expect(running.epoch).toBeDefined();
      } finally {
        clearInterval(renewing);
      }
      // The running one dies without ending its lease: the next run of that name takes over after it.
      const restart = new Leadership(store.db, 'node-a', 300);
      await claimEngine(restart, config, { embedded: false });
      expect(restart.epoch).toBeGreaterThan(running.epoch!);
      expect(await running.renew()).toBe(false);
    });

    it('makes a takeover wait for a write in flight under the old epoch, so the new leader loads it', async () => {
      const a = new Leadership(store.db, 'node-a');
      expect(await a.campaign({ force: true })).toBe(true);
      const fence = a.fence();
      const steps: string[] = [];
      let finish!: () => void;
      const writing = ledger.transaction(store.db, async (tx) => {
        await fence.check(tx);
        steps.push('fence checked');
        await new Promise<void>((resolve) => (finish = resolve));
        steps.push('write committed');
      });
      while (steps.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const takeover = new Leadership(store.db, 'node-b').campaign({ force: true }).then((won) => steps.push(`taken over: ${won}`));
      await new Promise((resolve) => setTimeout(resolve, 200)); // room for a takeover that did not wait
      finish();
      await Promise.all([writing, takeover]);
      expect(steps).toEqual(['fence checked', 'write committed', 'taken over: true']);
    });

    /** An engine that leads as node-a, until `takeOver` makes node-b the leader behind its back. */
    const withEngine = async (work: (engine: Engine, takeOver: () => Promise<void>) => Promise<void>) => {
      const a = new Leadership(store.db, 'node-a');
      expect(await a.campaign({ force: true })).toBe(true);
      const engine = await Engine.open(store.db, market, settings, { fence: a.fence(), writers: 1 });
      const takeOver = async () => void expect(await new Leadership(store.db, 'node-b').campaign({ force: true })).toBe(true);
      try {
        await work(engine, takeOver);
      } finally {
        await engine.stop();
      }
    };

    it('refuses every write of an engine once another node has taken over, and writes nothing', () =>
      withEngine(async (engine, takeOver) => {
        const userId = await trader();
        const position = await submit(engine, userId);
        expect(await ordersOf(userId)).toBe(1);

        // Another node takes over while this engine still believes it leads (a pause past its lease).
        await takeOver();
        const before = await ledger.walletOf(store.db, userId);
        expect(await refusalOf(submit(engine, userId))).toBe('engine_unavailable');
        expect(await refusalOf(engine.close(userId, position.id))).toBe('engine_unavailable');
        expect(await refusalOf(engine.setStops(userId, position.id, { stopLoss: 1.0, takeProfit: 0 }))).toBe('engine_unavailable');
        expect(await ordersOf(userId)).toBe(1);
        expect(await ledger.walletOf(store.db, userId)).toEqual(before);
        const [row] = rowsOf<{ status: number; stop_loss: string }>(await store.db.execute(sql`SELECT status, stop_loss::text FROM orders WHERE id = ${position.id}`));
        expect(row).toEqual({ status: 1, stop_loss: '0.0000000000' });
      }));

    it('fences the careful path too: an order the book is unsure of is refused on the locked wallet', () =>
      withEngine(async (engine, takeOver) => {
        // A trader the engine has never seen: no book entry, so the order takes the careful path.
        const userId = await trader();
        await takeOver();
        expect(await refusalOf(submit(engine, userId))).toBe('engine_unavailable');
        expect(await ordersOf(userId)).toBe(0);
      }));
  });
}
