/**
 * Screenshots of the main trading screens, light and dark, for docs/screens/: the real server with
 * the built client on the simulated feed, a demo trader with one BTC/USD position (SL and TP set),
 * a 390x844 phone at 1x. PNGs are quantised to a palette to stay small.
 * Usage: npm run build && npm run screens
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { startAppServer } from '../bench/support/app-server';
import { launchBrowser } from '../tests/e2e/browser';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs/screens');
const SCHEMES = ['light', 'dark'] as const;
const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

const server = await startAppServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'en-US', reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const open = (route: string) => page.goto(`${server.base}${route}`);

  await open('/login');
  await page.getByRole('button', { name: /demo/i }).first().tap();
  await page.waitForURL(`${server.base}/`);
  await placeOrder(page);

  const shots: Record<string, () => Promise<void>> = {
    home: async () => {
      await open('/');
      await livePrice(page, page.locator('.product-row[data-code="BTCUSD"] [data-testid="price"]'));
    },
    trade: async () => {
      await open('/trade');
      await livePrice(page, page.getByTestId('trade-price'));
      await page.locator('[data-level="sl"]').waitFor();
    },
    order: async () => {
      await open('/order');
      await page.locator('.order-row').first().getByTestId('order-profit').waitFor();
      await livePrice(page, page.locator('.order-row').first().getByTestId('order-profit'));
    },
    'close-confirm': async () => {
      await open('/order');
      await page.locator('.order-row').first().tap();
      await page.getByTestId('order-detail').waitFor();
      await page.getByRole('button', { name: 'Close position' }).tap();
      await page.locator('dialog[open]').waitFor();
      await page.waitForTimeout(400); // the sheet's entrance
    },
  };

  await fs.mkdir(OUT, { recursive: true });
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, show] of Object.entries(shots)) {
      await show();
      const file = path.join(OUT, `${name}-${scheme}.png`);
      const png = await sharp(await page.screenshot()).png({ palette: true, quality: 80, effort: 10, compressionLevel: 9 }).toBuffer();
      await fs.writeFile(file, png);
      console.log(`${path.relative(process.cwd(), file)}  ${(png.length / 1024).toFixed(1)} KB`);
    }
  }
} finally {
  await browser.close();
  server.close();
}

/** Buys BTC/USD at market with a stop loss and a take profit near the price (BTC is quoted to 0.1), so /trade shows both. */
async function placeOrder(page: Page) {
  await page.locator('.product-row[data-code="BTCUSD"]').tap();
  await page.waitForURL(/\/trade$/);
  const price = number(await livePrice(page, page.getByTestId('trade-price')));
  await page.getByRole('checkbox', { name: 'Stop loss' }).check();
  await page.getByRole('textbox', { name: 'Stop loss' }).fill((price * 0.998).toFixed(1));
  await page.getByRole('checkbox', { name: 'Take profit' }).check();
  await page.getByRole('textbox', { name: 'Take profit' }).fill((price * 1.002).toFixed(1));
  await page.locator('.ticket .btn.buy').tap();
  await page.getByTestId('order-placed').waitFor();
  await page.getByRole('button', { name: 'Close', exact: true }).tap();
}

/** Waits for the socket to be live and `price` to change once (a pushed tick), and answers its text. */
async function livePrice(page: Page, price: ReturnType<Page['locator']>): Promise<string> {
  await price.waitFor();
  const first = await price.innerText();
  for (let waited = 0; waited < 15_000; waited += 250) {
    await page.waitForTimeout(250);
    const now = await price.innerText();
    if (now !== first && /\d/.test(now) && (await page.locator('.stale').count()) === 0) return now;
  }
  throw new Error(`no live price on ${page.url()}`);
}
