import { describe, expect, it } from 'vitest';
import { MIN_CLOSED_TRADES } from '../../server/ranking/figures';
import { refreshRanking } from '../../server/ranking/service';
import { rankingFixtures } from '../support/ranking-fixtures';
import { phoneApp } from './browser';

/** A visitor on a phone opens the ranking tab: real traders with enough closed trades, never a demo one. */
describe('ranking in the browser', () => {
  const app = phoneApp(() => ({}));
  const { realTrader, demoTrader, deposit, roundTrip } = rankingFixtures(() => app.server);

  it('lists a real trader after enough trades and never a demo one; a tapped row says coming soon', async () => {
    const real = await realTrader('browsertrader');
    await deposit(real.id, 10_000);
    const demo = await demoTrader();
    for (let i = 0; i < MIN_CLOSED_TRADES; i++) {
      await roundTrip(real.token, 1.0865);
      await roundTrip(demo.token, 1.0865);
    }
    // What the periodic run does every few minutes.
    await refreshRanking(app.server.store.db);

    await app.page.goto(`${app.server.url}/`);
    await app.page.locator('a[href="/rank"]').tap();
    await app.page.waitForURL(`${app.server.url}/rank`);
    const row = app.page.locator(`.rank-row[data-code="${real.uid}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('br***er');
    // 5 x 125 on 10,000 deposited.
    expect(await row.getByTestId('rank-rate').innerText()).toBe('6.25%');
    expect(await app.page.locator(`.rank-row[data-code="${demo.uid}"]`).count()).toBe(0);
    expect(await app.page.locator('.rank-row').count()).toBe(1);
    // On the platform's New York clock, as every other time the app shows, whatever the phone's zone,
    // and named, so that a reader elsewhere does not take it for their own.
    const { as_of: asOf } = (await (await fetch(`${app.server.url}/api/follow/list?page=1`)).json()).data;
    const inNewYork = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York', timeZoneName: 'short' }).format(asOf);
    expect(inNewYork).toMatch(/E[SD]T$/);
    expect(await app.page.getByTestId('rank-as-of').innerText()).toBe(`As of ${inNewYork}`);
    expect(await app.page.getByTestId('rank-note').innerText()).toContain('Past performance');

    await row.tap();
    await expect.poll(() => app.page.getByTestId('rank-notice').innerText()).toBe('Coming soon~');
    await app.page.screenshot({ path: '.test-results/e2e-ranking.png' });
  });
});
