import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { RealName } from '../../contract/identity';
import type { BankAccount, WithdrawCurrency, WithdrawWay } from '../../contract/funds';
import type { ForexDetail } from '../../contract/trading';
import { bindWayMachine } from '../../machines/funds/bind-way';
import { connectBindWay } from '../../machines/funds/bind-way.connect';
import { depositMachine } from '../../machines/funds/deposit';
import { connectDeposit } from '../../machines/funds/deposit.connect';
import { withdrawMachine, type DrawType, type WithdrawRequest } from '../../machines/funds/withdraw';
import { connectWithdraw, wayLabel } from '../../machines/funds/withdraw.connect';
import { walletMachine } from '../../machines/funds/wallet';
import { SETTLE_MS } from '../../machines/shared/settle';
import { connectWallet } from '../../machines/funds/wallet.connect';
import { identityMachine } from '../../machines/identity/identity';
import { connectAccountFigures } from '../../machines/shared/account-figures.connect';
import { connectIdentity } from '../../machines/identity/identity.connect';

/** Waits for the promise actors a machine invoked to settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const usdt: WithdrawCurrency = { id: 4, code: 'USDT', protocol: 'TRC20', draw_rate: '0.01', fee_type: 2, usd_price: '1' };
const way: WithdrawWay = { id: 9, dc_address: 'TQn9…KcbL', draw_currency: { code: 'USDT', protocol: 'TRC20' } };

describe('funds connects', () => {
  it('account figures: withdrawals held are named apart from the balance, and only while some are', () => {
    // 654.85 available and 1,350 held for two withdrawals: the balance does not hold them.
    expect(connectAccountFigures('654.85', undefined, '1350.000000')).toMatchObject({ balance: '654.85', withdrawalsHeld: '1350.00' });
    expect(connectAccountFigures('654.85', undefined, '0.000000')!.withdrawalsHeld).toBeUndefined();
  });

  it('wallet: a push reads the frozen sum again (withdrawals and margin), keeping the figures shown meanwhile', async () => {
    // The push's own frozen figure holds the withdrawals alone: 0 once a 1,200 payout left, with 486.11 of margin still held.
    const reads: ForexDetail[] = [{ available: '814.97', frozen: '1686.11' }, { available: '814.97', frozen: '486.11' }];
    let release = () => {};
    const loadBalance = fromPromise(() => (reads.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve()).then(() => reads.shift()!));
    const wallet = createActor(walletMachine.provide({ actors: { loadBalance } })).start();
    await settle();
    expect(connectWallet(wallet.getSnapshot())).toMatchObject({ frozen: '1686.11' });
    wallet.send({ type: 'BALANCE.CHANGED' });
    await settle();
    expect(connectWallet(wallet.getSnapshot())).toMatchObject({ frozen: '1686.11', isFailed: false });
    release();
    await settle();
    expect(connectWallet(wallet.getSnapshot())).toMatchObject({ available: '814.97', frozen: '486.11' });
  });

  it('deposit: a demo account sees the real-account notice; a bank submit with no account says no channel', async () => {
    const demo = createActor(depositMachine, { input: { tab: 'coin', demo: true } }).start();
    expect(connectDeposit(demo.getSnapshot())).toMatchObject({ isRealOnly: true });
    const bank = createActor(depositMachine.provide({ actors: { loadBankCoins: fromPromise(async () => [{ id: 2, name: 'USD' }]) } }), { input: { tab: 'bank', demo: false } }).start();
    await settle();
    bank.send({ type: 'DEPOSIT.SUBMIT' });
    expect(connectDeposit(bank.getSnapshot())).toMatchObject({ tab: 'bank', isLoading: false, problem: 'no_channel', bankCoins: [{ id: 2, name: 'USD' }] });
  });

  it('deposit: the first bank coin and its first account are chosen as they show, as the first network is, so the form that looks ready is', async () => {
    const account: BankAccount = { id: 5, bank_name: 'Example Bank', bank_address: '', bank_swift: 'EXAMGB2L', payee_name: 'TradeDesk', payee_account: 'GB33', bank_remark: null };
    const bank = createActor(depositMachine.provide({
      actors: { loadBankCoins: fromPromise(async () => [{ id: 2, name: 'USD' }]), loadBankAccounts: fromPromise(async () => [account, { ...account, id: 6 }]) },
    }), { input: { tab: 'bank', demo: false } }).start();
    await settle();
    expect(connectDeposit(bank.getSnapshot())).toMatchObject({ bankCoinId: 2, bankAccount: { id: 5 } });
    bank.send({ type: 'BANK_ACCOUNT.SELECT', id: 6 });
    bank.send({ type: 'BANK_COIN.SELECT', id: 2 });
    await settle();
    expect(connectDeposit(bank.getSnapshot()).bankAccount).toMatchObject({ id: 5 });
  });

  it('withdraw: the preview follows the amount; no bound method opens the bind dialog; an unapproved identity shows the note', async () => {
    const withWays = (ways: WithdrawWay[]) => withdrawMachine.provide({
      actors: {
        loadIdentity: fromPromise(async () => false),
        loadCurrencies: fromPromise(async () => [usdt]),
        loadWays: fromPromise(async () => ways),
      },
    });
    const bound = createActor(withWays([way]), { input: { type: 1 } }).start();
    await settle();
    bound.send({ type: 'AMOUNT.CHANGE', value: '100' });
    expect(connectWithdraw(bound.getSnapshot())).toMatchObject({
      currency: usdt, wayId: 9, preview: { fee: '1.000000', received: '99.000000' }, needsIdentity: true, isUnbound: false,
    });
    // A decimal comma, as phones type it in de or vn, is the decimal point.
    bound.send({ type: 'AMOUNT.CHANGE', value: '100,5' });
    expect(connectWithdraw(bound.getSnapshot())).toMatchObject({ preview: { fee: '1.010000', received: '99.490000' } });
    // Thousands as the app writes them stay as typed in the field and are read as thousands.
    bound.send({ type: 'AMOUNT.CHANGE', value: '10,000' });
    expect(connectWithdraw(bound.getSnapshot())).toMatchObject({ amount: '10,000', preview: { fee: '100.000000', received: '9900.000000' } });
    const unbound = createActor(withWays([]), { input: { type: 2 } }).start();
    await settle();
    expect(connectWithdraw(unbound.getSnapshot())).toMatchObject({ type: 2, isUnbound: true });
    // Isolated, so that beside an Arabic bank name "****1234" is not laid out as "1234****".
    expect(wayLabel(way)).toBe('\u2066TQn9…KcbL\u2069');
    expect(wayLabel({ id: 1, bank_name: 'Bank', payee_account: '****1234', draw_currency: { code: 'USD', protocol: 'SWIFT' } })).toBe('\u2068Bank\u2069 · \u2066****1234\u2069');
  });

  it('withdraw: a request sent again after a failed call keeps its request id; a success or any change makes a new one', async () => {
    const sent: WithdrawRequest[] = [];
    let fail = true;
    const clock = new SimulatedClock();
    const actor = createActor(withdrawMachine.provide({
      actors: {
        loadIdentity: fromPromise(async () => true),
        loadCurrencies: fromPromise(async () => [usdt]),
        loadWays: fromPromise(async () => [way]),
        submit: fromPromise<unknown, WithdrawRequest>(async ({ input }) => {
          sent.push(input);
          if (fail) throw new Error('network');
          return null;
        }),
      },
    }), { input: { type: 1 }, clock }).start();
    await settle();
    actor.send({ type: 'AMOUNT.CHANGE', value: '100' });
    actor.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    fail = false;
    actor.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    expect(sent[0]!.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.request_id).toBe(sent[0]!.request_id);
    clock.increment(SETTLE_MS); // a moment after its success, not a double tap
    actor.send({ type: 'AMOUNT.CHANGE', value: '100' });
    actor.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    clock.increment(SETTLE_MS);
    fail = true;
    actor.send({ type: 'AMOUNT.CHANGE', value: '50' });
    actor.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    actor.send({ type: 'AMOUNT.CHANGE', value: '60' });
    actor.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    expect(new Set(sent.slice(1).map((r) => r.request_id)).size).toBe(4);
  });

  it('withdraw: binding is for the currency the trader was on, and coming back from it shows that currency', async () => {
    const sepa: WithdrawCurrency = { id: 7, code: 'EUR', protocol: 'SEPA', draw_rate: '0.01', fee_type: 2, usd_price: '0.92' };
    const wentToBind: { type: number; currencyId: number | undefined }[] = [];
    const withdraw = (currencyId?: number) => createActor(withdrawMachine.provide({
      actors: {
        loadIdentity: fromPromise(async () => true),
        loadCurrencies: fromPromise(async () => [usdt, sepa]),
        loadWays: fromPromise(async ({ input }: { input: { draw_type: DrawType; draw_id: number } }) => (input.draw_id === usdt.id ? [way] : [])),
      },
      actions: { goBind: (_, params) => { wentToBind.push(params); } },
    }), { input: { type: 2, currencyId } }).start();
    const before = withdraw();
    await settle();
    before.send({ type: 'CURRENCY.SELECT', id: sepa.id });
    await settle();
    expect(connectWithdraw(before.getSnapshot())).toMatchObject({ currency: sepa, isUnbound: true });
    before.send({ type: 'BIND.GO' });
    expect(wentToBind).toEqual([{ type: 2, currencyId: sepa.id }]);

    const bind = createActor(bindWayMachine.provide({ actors: { loadCurrencies: fromPromise(async () => [usdt, sepa]) } }), { input: { type: 2, currencyId: sepa.id } }).start();
    await settle();
    expect(connectBindWay(bind.getSnapshot()).currencyId).toBe(sepa.id);
    const back = withdraw(sepa.id);
    await settle();
    expect(connectWithdraw(back.getSnapshot()).currency).toEqual(sepa);
    // A currency no longer offered falls back to the first.
    const gone = withdraw(99);
    await settle();
    expect(connectWithdraw(gone.getSnapshot()).currency).toEqual(usdt);
  });

  it('bind: the inputs follow the type, the required ones marked', () => {
    const bank = createActor(bindWayMachine, { input: { type: 2 } }).start();
    const inputs = connectBindWay(bank.getSnapshot()).inputs;
    expect(inputs.map((i) => i.name)).toEqual(['bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account']);
    expect(inputs.filter((i) => i.required).map((i) => i.name)).toEqual(['bank_name', 'payee_name', 'payee_account']);
  });

  it('identity: waiting and finished show the read-only view; a rejection shows its reason with the form as it was sent', async () => {
    const centre = (over: Partial<RealName>) => identityMachine.provide({
      actors: { loadCenter: fromPromise(async (): Promise<RealName> => ({ name: 'Ann Lee', card_id: '12****89', front_pic: '/f', reverse_pic: '/b', status: 0, review_status: 0, ...over })) },
    });
    const waiting = createActor(centre({ status: 1, review_status: 1, submitted_at: '2026-11-27 09:00:00' })).start();
    const finished = createActor(centre({ status: 2, review_status: 2, submitted_at: '2026-11-27 09:00:00', reviewed_at: '2026-11-27 10:30:00' })).start();
    const rejected = createActor(centre({ card_id: '12345689', review_status: 3, reason: 'blurred', attempts_left: 2 })).start();
    await settle();
    // Every status carries its time: when it was sent while it waits, when staff decided once they have.
    expect(connectIdentity(waiting.getSnapshot())).toMatchObject({ banner: 'waiting', bannerAt: '2026-11-27 09:00:00', showsForm: false, record: { cardId: '12****89', front: '/f' } });
    expect(connectIdentity(finished.getSnapshot())).toMatchObject({ banner: 'finished', bannerAt: '2026-11-27 10:30:00' });
    expect(connectIdentity(rejected.getSnapshot())).toMatchObject({ showsForm: true, isRejected: true, reason: 'blurred', attemptsLeft: 2, name: 'Ann Lee', cardId: '12345689', isOutOfAttempts: false, problem: undefined });
    // Every submission used: said at once, and not sendable until support allows one more.
    const usedUp = createActor(centre({ review_status: 3, reason: 'blurred', attempts_left: 0 })).start();
    await settle();
    expect(connectIdentity(usedUp.getSnapshot())).toMatchObject({ showsForm: true, isOutOfAttempts: true, problem: 'no_attempts' });
    // Both pictures on file are kept, and sent again unless the trader picks new ones.
    expect(rejected.getSnapshot().context).toMatchObject({ frontUrl: '/f', backUrl: '/b' });
    expect(rejected.getSnapshot().children.front?.getSnapshot().value).toBe('kept');
    // A refusal lasts until the form changes, a picture included.
    const fresh = createActor(centre({ review_status: 0, name: '', card_id: '', front_pic: '', reverse_pic: '' })).start();
    await settle();
    fresh.send({ type: 'IDENTITY.SUBMIT' });
    expect(connectIdentity(fresh.getSnapshot()).problem).toBe('name_required');
    fresh.send({ type: 'FRONT.UPLOADED', url: '/f2' });
    expect(connectIdentity(fresh.getSnapshot()).problem).toBeUndefined();
  });

  it('identity: a submission under review is read again now and then, so staff\'s decision shows on the open screen', async () => {
    const reads: Partial<RealName>[] = [{ status: 1, review_status: 1 }, { status: 1, review_status: 1 }, { status: 2, review_status: 2 }];
    const clock = new SimulatedClock();
    let loads = 0;
    const machine = identityMachine.provide({
      actors: { loadCenter: fromPromise(async (): Promise<RealName> => ((loads += 1), { name: 'Ann Lee', card_id: '12****89', front_pic: '/f', reverse_pic: '/b', status: 0, review_status: 0, ...reads.shift() })) },
    });
    const actor = createActor(machine, { clock }).start();
    await settle();
    expect(connectIdentity(actor.getSnapshot()).banner).toBe('waiting');
    clock.increment(20_000);
    await settle();
    expect(connectIdentity(actor.getSnapshot())).toMatchObject({ banner: 'waiting', isLoading: false });
    clock.increment(20_000);
    await settle();
    expect(connectIdentity(actor.getSnapshot()).banner).toBe('finished');
    // Decided: nothing more to wait for, so it is not read again.
    clock.increment(60_000);
    await settle();
    expect(loads).toBe(3);
    expect(connectIdentity(actor.getSnapshot()).banner).toBe('finished');
  });
});
