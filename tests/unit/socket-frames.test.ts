import { describe, expect, it, vi } from 'vitest';
import { accountFeed } from '../../src/shared/live/account-feed';
import { route } from '../../src/shared/live/connection';

describe('account frames from the socket', () => {
  it('takes the figures a close brings, after the ids it closed', () => {
    const seen: string[] = [];
    const stopClosed = accountFeed.onClosed((ids, seq) => seen.push(`closed ${ids.join()} #${seq}`));
    const stopTrades = accountFeed.subscribe(() => seen.push(`figures margin ${accountFeed.get()?.CautionMoneyAll} #${accountFeed.get()?.seq}`));
    try {
      const figures = { ProfitsTotal: '0.000000', HazardRate: 0, CautionMoneyAll: '0.000000', Balance: '10125.00', TransOrder: [] };
      route(JSON.stringify({ type: 'FOREX_CLOSED', id: [7], seq: 4, figures }), vi.fn(), vi.fn());
      route(JSON.stringify({ type: 'FOREX_CLOSED', id: [8], seq: 5 }), vi.fn(), vi.fn());
      expect(seen).toEqual(['closed 7 #4', 'figures margin 0.000000 #undefined', 'closed 8 #5']);
      expect(accountFeed.get()).toMatchObject({ type: 'FOREX_TRADE', Balance: '10125.00' });
    } finally {
      stopClosed();
      stopTrades();
      accountFeed.put(undefined);
    }
  });
});
