import { expect } from 'vitest';
import { traderOf } from '../../server/accounts/accounts';
import * as ledger from '../../server/ledger/ledger';
import { client } from './http';
import type { TestServer } from './server';

/**
 * Traders who trade, for the ranking's suites: real ones registered over the wire, demo ones made
 * from a fresh id, money paid in as an approved deposit books it, and round trips on EURUSD with
 * quotes set by hand (100,000 units a lot, fee 5 USD a lot).
 */
export function rankingFixtures(server: () => TestServer) {
  const api = () => client(server().url);
  let seq = 0;

  async function realTrader(name = `trader${++seq}`) {
    const email = `${name}@example.com`;
    expect(await api().form('/api/notify/send_email', { to: email, type: 1 })).toMatchObject({ code: 1 });
    const code = await server().lastCode(email);
    const res = await api().form('/api/user/register', { type: 'email', account: email, password: 'secret123', re_password: 'secret123', sms_code: code! });
    expect(res.code).toBe(1);
    const id = Number(res.data.id);
    return { token: res.data.token as string, id, uid: (await traderOf(server().store.db, id))!.uid };
  }

  async function demoTrader() {
    const res = await api().get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
    expect(res.code).toBe(1);
    const id = Number(res.data.id);
    return { token: res.data.token as string, id, uid: (await traderOf(server().store.db, id))!.uid };
  }

  /** What staff's approval of a deposit books. */
  const deposit = (userId: number, amount: number) =>
    ledger.transaction(server().store.db, (tx) => ledger.post(tx, [{ userId, kind: 'deposit', amount: String(amount) }]));

  const quote = (bid: number, ask: number) => {
    const inst = server().market.instrument('EURUSD')!;
    server().market.status(inst, true, Date.now());
    server().market.tick(inst, bid, ask, Date.now());
  };

  /**
   * Buys one lot at the ask 1.0852 and sells it at `closeBid`: (closeBid - 1.0852) x 100,000 USD,
   * less the 5 USD fee. Answers the order's id.
   */
  async function roundTrip(token: string, closeBid: number, multiple = 100): Promise<number> {
    const eurusd = server().market.productByCode('EURUSD')!.Id;
    quote(1.085, 1.0852);
    const opened = await api().get('/v1/api/forex/submit', { type: 1, cont: 1, forex_id: eurusd, status: 1, multiple }, token);
    expect(opened).toMatchObject({ code: 1 });
    quote(closeBid, closeBid + 0.0002);
    expect(await api().get('/v1/api/forex/close', { id: opened.data.Id }, token)).toMatchObject({ code: 1 });
    return opened.data.Id as number;
  }

  return { realTrader, demoTrader, deposit, roundTrip };
}
