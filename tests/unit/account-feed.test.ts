import { describe, expect, it } from 'vitest';
import { accountFeed } from '../../src/shared/live/account-feed';

describe('account feed', () => {
  it('tells a listener that subscribes again while it is told once per push, not without end', () => {
    let told = 0;
    let stop = () => {};
    const listen = () => {
      stop = accountFeed.onBalance(() => {
        told += 1;
        // What an actor started anew by the push does: its old subscription ends, a new one begins.
        stop();
        listen();
      });
    };
    listen();
    accountFeed.balance({ type: 'BALANCE', balance: '1', lock_balance: '0' });
    expect(told).toBe(1);
    accountFeed.balance({ type: 'BALANCE', balance: '2', lock_balance: '0' });
    expect(told).toBe(2);
    stop();
  });
});
