import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../server/accounts/users';
import * as ledger from '../../server/ledger/ledger';
import { emptyStore, openStore, rowsOf, type Store, type StoreOptions } from '../../server/platform/store/open';
import { seedStore } from '../../server/seed';

/**
 * The ledger, the one door of money, against a real store: posts, holds resolved once (also when
 * two resolutions race), refusals that change nothing, and notices only after a commit.
 */
export function ledgerSuite(label: string, storeOptions: () => StoreOptions) {
  describe(`ledger (${label})`, () => {
    let store: Store;
    let userId: number;
    const heard: ledger.WalletAmounts[] = [];
    let stopHearing: () => void;

    const wallet = async () => (await ledger.walletOf(store.db, userId))!;
    const inTx = <T>(work: Parameters<typeof ledger.transaction<T>>[1]) => ledger.transaction(store.db, work);
    const rows = async () => rowsOf<{ kind: string; amount: string; frozen: string; balance_after: string }>(await store.db.execute(
      sql`SELECT kind, amount::text, frozen::text, balance_after::text FROM ledger WHERE user_id = ${userId} ORDER BY id`));

    beforeAll(async () => {
      store = await openStore(storeOptions());
      stopHearing = ledger.onWalletChange((change) => heard.push(change));
    });
    afterAll(async () => {
      stopHearing?.();
      await store?.close();
    });
    beforeEach(async () => {
      await emptyStore(store);
      await seedStore(store.db);
      heard.length = 0;
      userId = await inTx((tx) => createUser(tx, { email: 'led@example.com', passwordHash: null, isDemo: false, startingBalance: '100' }));
    });

    it('books each entry as one row with the balance after it, and moves the wallet once', async () => {
      const after = await inTx((tx) => ledger.post(tx, [
        { userId, kind: 'trade_open', amount: '-30.5' },
        { userId, kind: 'adjust', amount: '10' },
      ]));
      expect(after).toMatchObject({ userId, available: '79.500000', frozen: '0.000000' });
      expect(await wallet()).toEqual({ available: '79.500000', frozen: '0.000000' });
      expect((await rows()).map((r) => [r.kind, r.amount, r.balance_after])).toEqual([
        ['demo_credit', '100.000000', '100.000000'],
        ['trade_open', '-30.500000', '69.500000'],
        ['adjust', '10.000000', '79.500000'],
      ]);
      expect(await ledger.accountsOffTheirLedger(store.db)).toEqual([]);
    });

    it('refuses a change below zero and leaves everything as it was', async () => {
      await expect(inTx((tx) => ledger.post(tx, [{ userId, kind: 'trade_open', amount: '-100.000001' }]))).rejects.toMatchObject({ key: 'insufficient_balance' });
      expect(await wallet()).toEqual({ available: '100.000000', frozen: '0.000000' });
      expect(await rows()).toHaveLength(1);
    });

    it('moves money only inside its own transaction', async () => {
      await expect(store.db.transaction((tx) => ledger.post(tx, [{ userId, kind: 'adjust', amount: '1' }]))).rejects.toThrow(/ledger.transaction/);
      expect(await wallet()).toEqual({ available: '100.000000', frozen: '0.000000' });
    });

    it('tells its listeners after the commit, and nothing of a rollback', async () => {
      heard.length = 0;
      await expect(inTx(async (tx) => {
        await ledger.post(tx, [{ userId, kind: 'adjust', amount: '5' }]);
        expect(heard).toEqual([]); // not before the commit
        throw new Error('changed my mind');
      })).rejects.toThrow('changed my mind');
      expect(heard).toEqual([]);
      expect(await wallet()).toEqual({ available: '100.000000', frozen: '0.000000' });
      await inTx((tx) => ledger.post(tx, [{ userId, kind: 'adjust', amount: '5' }]));
      expect(heard).toEqual([expect.objectContaining({ userId, available: '105.000000', frozen: '0.000000' })]);
    });

    it('holds money (available -> frozen), then pays it out once', async () => {
      const hold = await inTx((tx) => ledger.hold(tx, userId, '40', 'withdrawal:1'));
      expect(await wallet()).toEqual({ available: '60.000000', frozen: '40.000000' });
      expect(await inTx((tx) => ledger.postHold(tx, hold))).toBe(true);
      expect(await wallet()).toEqual({ available: '60.000000', frozen: '0.000000' });
      expect(await inTx((tx) => ledger.postHold(tx, hold))).toBe(false);
      expect(await inTx((tx) => ledger.voidHold(tx, hold))).toBe(false);
      expect(await wallet()).toEqual({ available: '60.000000', frozen: '0.000000' });
      expect((await rows()).map((r) => [r.kind, r.amount, r.frozen])).toEqual([
        ['demo_credit', '100.000000', '0.000000'],
        ['withdraw', '-40.000000', '40.000000'],
        ['withdraw_paid', '0.000000', '-40.000000'],
      ]);
      expect(await ledger.accountsOffTheirLedger(store.db)).toEqual([]);
    });

    it('voids a hold (frozen -> available) once, and refuses a hold above the available amount', async () => {
      const hold = await inTx((tx) => ledger.hold(tx, userId, '25', 'withdrawal:2'));
      expect(await inTx((tx) => ledger.voidHold(tx, hold))).toBe(true);
      expect(await inTx((tx) => ledger.voidHold(tx, hold))).toBe(false);
      expect(await wallet()).toEqual({ available: '100.000000', frozen: '0.000000' });
      await expect(inTx((tx) => ledger.hold(tx, userId, '100.5', 'withdrawal:3'))).rejects.toMatchObject({ key: 'insufficient_balance' });
      expect(await wallet()).toEqual({ available: '100.000000', frozen: '0.000000' });
      expect(await ledger.accountsOffTheirLedger(store.db)).toEqual([]);
    });

    it('resolves a hold once when two resolutions race', async () => {
      const hold = await inTx((tx) => ledger.hold(tx, userId, '50', 'withdrawal:4'));
      const results = await Promise.allSettled([
        inTx((tx) => ledger.postHold(tx, hold)),
        inTx((tx) => ledger.postHold(tx, hold)),
        inTx((tx) => ledger.voidHold(tx, hold)),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled' && r.value === true);
      expect(won).toHaveLength(1);
      const w = await wallet();
      expect(w.frozen).toBe('0.000000');
      expect(['50.000000', '100.000000']).toContain(w.available);
      expect(await ledger.accountsOffTheirLedger(store.db)).toEqual([]);
    });

    it('finds an account whose wallet was written around it', async () => {
      await store.db.execute(sql`UPDATE wallets SET balance = balance + 1 WHERE user_id = ${userId}`);
      expect(await ledger.accountsOffTheirLedger(store.db)).toEqual([
        { userId, available: '101.000000', frozen: '0.000000', sumAmount: '100.000000', sumFrozen: '0.000000' },
      ]);
    });
  });
}
