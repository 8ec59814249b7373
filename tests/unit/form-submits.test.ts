import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../contract/account';
import type { WithdrawCurrency, WithdrawWay } from '../../contract/funds';
import { loginMachine, type LoginRequest } from '../../machines/accounts/login';
import { depositMachine, type CoinRequest } from '../../machines/funds/deposit';
import { withdrawMachine, type WithdrawRequest } from '../../machines/funds/withdraw';
import { SETTLE_MS } from '../../machines/shared/settle';

/** Waits for the promise actors a machine invoked to settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A coin deposit form whose submits answer as `answer` does; what it sent is kept in `sent`. */
function coinDeposit(answer: () => Promise<unknown>, clock?: SimulatedClock) {
  const sent: CoinRequest[] = [];
  const network = { id: 3, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', currency_code: 'USDT', protocol_code: 'TRC20' };
  const deposit = createActor(depositMachine.provide({
    actors: { loadNetworks: fromPromise(async () => [network]), submitCoin: fromPromise<unknown, CoinRequest>(async ({ input }) => { sent.push(input); return answer(); }) },
  }), { input: { tab: 'coin', demo: false }, clock }).start();
  return { deposit, sent };
}

describe('a form sent again', () => {
  it('deposit: keeps its request id after a failed call, so the server keeps one deposit; a changed form gets a new one', async () => {
    // The answer lost on the way: the form stays for another try.
    const { deposit, sent } = coinDeposit(async () => { throw new Error('network'); });
    await settle();
    deposit.send({ type: 'AMOUNT.CHANGE', value: '500' });
    deposit.send({ type: 'PROOF.UPLOADED', url: '/p' });
    deposit.send({ type: 'DEPOSIT.SUBMIT' });
    await settle();
    deposit.send({ type: 'DEPOSIT.SUBMIT' });
    await settle();
    deposit.send({ type: 'AMOUNT.CHANGE', value: '600' });
    deposit.send({ type: 'DEPOSIT.SUBMIT' });
    await settle();
    expect(sent.map((r) => r.number)).toEqual(['500', '500', '600']);
    expect(sent[0]!.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.request_id).toBe(sent[0]!.request_id);
    expect(sent[2]!.request_id).not.toBe(sent[0]!.request_id);
  });

  it('deposit: a lost answer says the request may have arrived; the server\'s refusal does not; an edit clears it', async () => {
    const answers = [{ code: 'network' }, { code: 0 }, { code: 502 }];
    const { deposit } = coinDeposit(async () => { throw Object.assign(new Error('failed'), answers.shift()); });
    await settle();
    deposit.send({ type: 'AMOUNT.CHANGE', value: '500' });
    deposit.send({ type: 'PROOF.UPLOADED', url: '/p' });
    const problemAfterSubmit = async () => {
      deposit.send({ type: 'DEPOSIT.SUBMIT' });
      await settle();
      return deposit.getSnapshot().context.problem;
    };
    expect(await problemAfterSubmit()).toBe('request_unanswered');
    expect(await problemAfterSubmit()).toBeUndefined();
    expect(await problemAfterSubmit()).toBe('request_unanswered');
    deposit.send({ type: 'AMOUNT.CHANGE', value: '600' });
    expect(deposit.getSnapshot().context.problem).toBeUndefined();
  });
});

describe('a double tap on a form\'s button', () => {
  it('login: the second tap after a quick refusal is not a second guess; a tap after a moment is', async () => {
    const sent: LoginRequest[] = [];
    const clock = new SimulatedClock();
    const login = createActor(loginMachine.provide({
      actors: { login: fromPromise<Session, LoginRequest>(async ({ input }) => { sent.push(input); throw new Error('Wrong email or password'); }) },
    }), { clock }).start();
    login.send({ type: 'FIELD.CHANGE', field: 'account', value: 'a@example.com' });
    login.send({ type: 'FIELD.CHANGE', field: 'password', value: 'wrong-pass' });
    login.send({ type: 'LOGIN.SUBMIT' });
    await settle();
    login.send({ type: 'LOGIN.SUBMIT' });
    await settle();
    expect(sent).toHaveLength(1);
    // A moment later the same form may go again (a network error retried)...
    clock.increment(SETTLE_MS);
    login.send({ type: 'LOGIN.SUBMIT' });
    await settle();
    // ...and a changed one goes at once.
    login.send({ type: 'FIELD.CHANGE', field: 'password', value: 'right-pass' });
    login.send({ type: 'LOGIN.SUBMIT' });
    await settle();
    expect(sent.map((r) => r.password)).toEqual(['wrong-pass', 'wrong-pass', 'right-pass']);
  });

  it('deposit: the second tap after its success does not send the emptied form', async () => {
    const clock = new SimulatedClock();
    const { deposit, sent } = coinDeposit(async () => null, clock);
    await settle();
    deposit.send({ type: 'AMOUNT.CHANGE', value: '150' });
    deposit.send({ type: 'PROOF.UPLOADED', url: '/p' });
    deposit.send({ type: 'DEPOSIT.SUBMIT' });
    await settle();
    deposit.send({ type: 'DEPOSIT.SUBMIT' });
    await settle();
    expect(sent.map((r) => r.number)).toEqual(['150']);
    // A new deposit's amount and proof make a new request at once.
    deposit.send({ type: 'AMOUNT.CHANGE', value: '250' });
    deposit.send({ type: 'PROOF.UPLOADED', url: '/q' });
    deposit.send({ type: 'DEPOSIT.SUBMIT' });
    await settle();
    expect(sent.map((r) => r.number)).toEqual(['150', '250']);
    clock.increment(SETTLE_MS);
    deposit.send({ type: 'DEPOSIT.SUBMIT' });
    await settle();
    // A submit of the empty form on purpose, later, goes: the server names what is missing.
    expect(sent.map((r) => r.number)).toEqual(['150', '250', '']);
  });

  it('withdraw: the second tap after its success does not send the emptied form', async () => {
    const sent: WithdrawRequest[] = [];
    const clock = new SimulatedClock();
    const usdt: WithdrawCurrency = { id: 4, code: 'USDT', protocol: 'TRC20', draw_rate: '0.01', fee_type: 2, usd_price: '1' };
    const way: WithdrawWay = { id: 9, dc_address: 'TQn9…KcbL', draw_currency: { code: 'USDT', protocol: 'TRC20' } };
    const withdraw = createActor(withdrawMachine.provide({
      actors: {
        loadIdentity: fromPromise(async () => true),
        loadCurrencies: fromPromise(async () => [usdt]),
        loadWays: fromPromise(async () => [way]),
        submit: fromPromise<unknown, WithdrawRequest>(async ({ input }) => { sent.push(input); return null; }),
      },
    }), { input: { type: 1 }, clock }).start();
    await settle();
    withdraw.send({ type: 'AMOUNT.CHANGE', value: '100' });
    withdraw.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    withdraw.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    expect(sent).toHaveLength(1);
    // A new amount is a new request, sent at once.
    withdraw.send({ type: 'AMOUNT.CHANGE', value: '50' });
    withdraw.send({ type: 'WITHDRAW.SUBMIT' });
    await settle();
    expect(sent.map((r) => r.number)).toEqual(['100', '50']);
  });
});
