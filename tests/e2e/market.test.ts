import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phoneApp } from './browser';

/**
 * The live market on a phone, on the simulated feed. Crypto trades around the clock, so BTCUSD is
 * the row that must tick whatever the day the suite runs.
 */
describe('the live market in the browser', () => {
  // The chart's full 500 candles and more before them, to pan back to.
  const app = phoneApp(() => ({ MARKET_FEED: 'simulated', MARKET_HISTORY: '520' }));

  const btcPrice = () => app.page.locator('.product-row[data-code="BTCUSD"] [data-testid="price"]');
  /** Resolves once the text of `locator` differs from what it shows now. */
  async function ticks(read: () => Promise<string>) {
    const before = await read();
    await expect.poll(read, { timeout: 15_000 }).not.toBe(before);
  }

  it('shows every category and prices that tick', async () => {
    await app.page.goto(`${app.server.url}/`);
    await expect.poll(() => app.page.locator('.product-row').count()).toBeGreaterThanOrEqual(24);
    expect(await app.page.locator('.chips .chip').count()).toBeGreaterThanOrEqual(6);
    await app.page.locator('.product-row[data-code="BTCUSD"]').scrollIntoViewIfNeeded();
    await ticks(() => btcPrice().innerText());
  });

  it('starts every screen at the top, a step back too (spec section 2)', async () => {
    const page = app.page;
    await page.goto(`${app.server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThanOrEqual(24);
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await page.getByRole('link', { name: 'News' }).tap();
    await page.waitForURL(`${app.server.url}/news`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${app.server.url}/`);
    await page.locator('.product-row').first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('writes rows far out of view only every 2 s, and brings one up to date with its sparkline as it scrolls in', async () => {
    const closes: number[] = [];
    app.page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
      const m = typeof payload === 'string' ? /"symbol":"LTCUSD".*"close":([\d.]+)/.exec(payload) : null;
      if (m) closes.push(Number(m[1]));
    }));
    await app.page.goto(`${app.server.url}/`);
    const last = app.page.locator('.product-list li').last();
    expect(await last.locator('.product-row').getAttribute('data-code')).toBe('LTCUSD');
    const shown = async () => Number((await last.locator('[data-testid="price"]').innerText()).replace(/,/g, ''));
    await expect.poll(shown).toBeGreaterThan(0);
    // Far below the view, its price is written every 2 s at most, not on every tick, and never freezes.
    expect((await last.boundingBox())!.y).toBeGreaterThan(2 * app.page.viewportSize()!.height);
    await last.locator('[data-testid="price"]').evaluate((price) => {
      const seen = window as unknown as { writes: number };
      seen.writes = 0;
      new MutationObserver((records) => (seen.writes += records.length)).observe(price, { childList: true, characterData: true, subtree: true });
    });
    const framesBefore = closes.length;
    const started = Date.now();
    const writesNow = () => app.page.evaluate(() => (window as unknown as { writes: number }).writes);
    // Written again once its price has moved (a quiet market may take a while), and then at most
    // once per 2 s of the time watched, while more ticks than that arrived.
    await expect.poll(writesNow, { timeout: 15_000 }).toBeGreaterThan(0);
    await app.page.waitForTimeout(Math.max(0, 6_500 - (Date.now() - started)));
    const writes = await writesNow();
    const watched = Date.now() - started;
    const frames = closes.length - framesBefore;
    expect(writes).toBeLessThanOrEqual(Math.ceil(watched / 2_000) + 1);
    expect(frames).toBeGreaterThan(writes);
    expect(closes).toContain(await shown());
    expect(await last.locator('svg.sparkline path').count()).toBe(0);

    await last.scrollIntoViewIfNeeded();
    await expect.poll(shown).toBe(closes.at(-1));
    await expect.poll(() => last.locator('svg.sparkline path').count(), { timeout: 15_000 }).toBe(2);
  });

  it('opens /trade from a row, and loads other candles when the period changes', async () => {
    await app.page.locator('.product-row[data-code="BTCUSD"]').tap();
    await app.page.waitForURL(`${app.server.url}/trade`);
    await expect.poll(() => app.page.getByTestId('product-picker').innerText()).toContain('BTC/USD');
    await expect.poll(async () => Number(await app.page.getByTestId('chart').getAttribute('data-candles'))).toBeGreaterThan(100);
    await ticks(() => app.page.getByTestId('trade-price').innerText());

    const hourly = app.page.waitForResponse((r) => r.url().includes('/kline?') && r.url().includes('period=60min'));
    await app.page.getByRole('button', { name: '1H' }).tap();
    expect((await (await hourly).json()).data.length).toBeGreaterThan(100);
    await expect.poll(() => app.page.getByRole('button', { name: '1H' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Number(await app.page.getByTestId('chart').getAttribute('data-candles'))).toBeGreaterThan(100);
  });

  it('paints the candles on the canvas (from a worker where the browser can), and a drag moves them', async () => {
    const canvas = app.page.locator('.chart canvas.candles');
    /** The canvas's pixels, and how many of them are in a strong colour (candles, the last price). */
    const picture = async () => {
      const { data } = await sharp(await canvas.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let coloured = 0;
      for (let i = 0; i < data.length; i += 3) if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 80) coloured += 1;
      return { data, coloured };
    };
    await expect.poll(async () => (await picture()).coloured).toBeGreaterThan(2000);
    const before = await picture();
    const box = (await canvas.boundingBox())!;
    await app.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await app.page.mouse.down();
    await app.page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 10 });
    await app.page.mouse.up();
    await expect.poll(async () => (await picture()).data.equals(before.data)).toBe(false);
  });

  it('pans back to older candles, asking for those before the oldest it shows', async () => {
    const chart = app.page.getByTestId('chart');
    const shown = Number(await chart.getAttribute('data-candles'));
    const box = (await chart.boundingBox())!;
    const older = app.page.waitForResponse((r) => r.url().includes('/kline?') && r.url().includes('before='));
    for (let i = 0; i < 6 && Number(await chart.getAttribute('data-candles')) === shown; i++) {
      await app.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await app.page.mouse.down();
      await app.page.mouse.move(box.x + box.width * 3, box.y + box.height / 2, { steps: 20 });
      await app.page.mouse.up();
    }
    const response = await older;
    const before = Number(new URL(response.url()).searchParams.get('before'));
    const page = (await response.json()).data as { Time: number }[];
    expect(page.length).toBeGreaterThan(0);
    expect(page.every((c) => c.Time < before)).toBe(true); // older ones, not the newest again
    await expect.poll(async () => Number(await chart.getAttribute('data-candles'))).toBe(shown + page.length);
  });

  it('is used by keyboard too: Home asks for older candles, Enter says a candle\'s prices', async () => {
    // Another period: its older candles are not loaded yet.
    await app.page.getByRole('button', { name: '5M', exact: true }).tap();
    const chart = app.page.getByTestId('chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-candles'))).toBeGreaterThan(100);
    const shown = Number(await chart.getAttribute('data-candles'));
    await chart.getByRole('application').focus();
    const older = app.page.waitForResponse((r) => r.url().includes('/kline?') && r.url().includes('before='));
    await app.page.keyboard.press('Home');
    await older;
    await expect.poll(async () => Number(await chart.getAttribute('data-candles'))).toBeGreaterThan(shown);
    await app.page.keyboard.press('Enter');
    await expect.poll(() => chart.locator('[aria-live]').innerText()).toMatch(/: O [\d,.]+, H [\d,.]+, L [\d,.]+, C [\d,.]+$/);
    await app.page.keyboard.press('Escape');
    await expect.poll(() => chart.locator('[aria-live]').innerText()).toBe('');
  });

  it('says so when the server is gone, and is live again when it is back', async () => {
    await app.page.goto(`${app.server.url}/`);
    await app.page.locator('.product-row[data-code="BTCUSD"]').scrollIntoViewIfNeeded();
    await ticks(() => btcPrice().innerText());
    await expect(app.page.getByTestId('connection-banner').count()).resolves.toBe(0);

    await app.server.stopListening();
    await app.page.getByTestId('connection-banner').waitFor({ timeout: 10_000 });
    expect(await app.page.locator('.product-list.stale').count()).toBe(1);

    await app.server.resume();
    await app.page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await app.page.locator('.product-list.stale').count()).toBe(0);
    await ticks(() => btcPrice().innerText());
  });
});

describe('prices that stop while the connection stays up', () => {
  const app = phoneApp(() => ({ MARKET_FEED: 'simulated' }));

  it('says the prices stopped updating, and takes it back when they move again', async () => {
    let quotesHeld = false;
    // Between the page and the server: every frame passes, but quotes only while not held.
    await app.page.routeWebSocket(/\/v1\/ws/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (!(quotesHeld && typeof message === 'string' && message.includes('"DAY_MARKET"'))) ws.send(message);
      });
    });
    await app.page.goto(`${app.server.url}/`);
    await expect.poll(() => app.page.locator('.product-row').count()).toBeGreaterThanOrEqual(24);
    const banner = app.page.getByTestId('connection-banner');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await banner.count()).toBe(0);

    quotesHeld = true;
    // Two heartbeats (5 s each) with no quote: 10 to 15 s.
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.innerText()).toBe('Prices have stopped updating. Those on screen may be out of date.');
    expect(await app.page.locator('.product-list.stale').count()).toBe(1);

    quotesHeld = false;
    await banner.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await app.page.locator('.product-list.stale').count()).toBe(0);
  });

  it('says prices arrive late while every frame comes 6 s late, and takes it back once the connection keeps up', async () => {
    let lateMs = 0;
    // Between the page and the server: every frame from the server, pongs included, held `lateMs`.
    await app.page.routeWebSocket(/\/v1\/ws/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (lateMs === 0) ws.send(message);
        else setTimeout(() => ws.send(message), lateMs);
      });
    });
    await app.page.goto(`${app.server.url}/`);
    await expect.poll(() => app.page.locator('.product-row').count()).toBeGreaterThanOrEqual(24);
    const banner = app.page.getByTestId('connection-banner');
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await banner.count()).toBe(0);

    lateMs = 6000;
    // The next ping (one every 5 s) unanswered after 3 s.
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.innerText()).toBe('Slow connection: prices arrive late. Those on screen may be out of date.');
    expect(await app.page.locator('.product-list.stale').count()).toBe(1);

    lateMs = 0;
    // Once the late frames are in, the next ping answered in time.
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await app.page.locator('.product-list.stale').count()).toBe(0);
  });

  it('warns about a message with no type and ignores it (spec section 8)', async () => {
    let page: { send: (text: string) => void } | undefined;
    await app.page.routeWebSocket(/\/v1\/ws/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => ws.send(message));
      page = ws;
    });
    const warned = app.page.waitForEvent('console', { predicate: (m) => m.type() === 'warning' && m.text().includes('without a type'), timeout: 10_000 });
    await app.page.goto(`${app.server.url}/`);
    await expect.poll(() => app.page.locator('.product-row').count()).toBeGreaterThanOrEqual(24);
    page!.send(JSON.stringify({ code: 1, msg: 'no type' }));
    expect((await warned).text()).toContain('no type');
    expect(await app.page.getByTestId('connection-banner').count()).toBe(0);
  });
});
