import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { launchBrowser, phone, phoneApp } from './browser';

const LAST_QUOTES = 'td.lastQuotes';
const priceOf = (page: Page, code: string) =>
  page.locator(`.product-row[data-code="${code}"] [data-testid="price"]`).innerText().then((text) => Number(text.replace(/[^\d.]/g, '')));
/** Once the service worker controls the page, its fetches go through the worker. */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const cachedUrls = (page: Page) =>
  page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat());
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

describe('a second visit without a network', () => {
  const app = phoneApp(() => ({ MARKET_FEED: 'simulated' }));

  it('opens on the last prices, marked as of their time, and goes live when the server is back', async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThanOrEqual(24);
    await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
    // The list is kept when prices change, at most every few seconds: wait for a kept BTCUSD newer than the first list.
    const firstKept = await page.evaluate((key) => localStorage.getItem(key), LAST_QUOTES);
    expect(firstKept).toBeTruthy();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LAST_QUOTES), { timeout: 20_000 }).not.toBe(firstKept);

    await server.stopListening();
    const kept = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), LAST_QUOTES))!) as { asOf: number; products: { Code: string; ForexQuotations: { Close: number } }[] };
    await page.reload();

    await expect.poll(() => page.locator('.product-row').count(), { timeout: 15_000 }).toBe(kept.products.length);
    const marker = page.getByTestId('offline-quotes');
    await marker.waitFor({ timeout: 15_000 });
    const asOf = new Date(kept.asOf).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
    expect(await marker.innerText()).toBe(`Offline — prices as of ${asOf}`);
    expect(await page.locator('.product-list.stale').count()).toBe(1);
    const btc = kept.products.find((p) => p.Code === 'BTCUSD')!;
    expect(await priceOf(page, 'BTCUSD')).toBeCloseTo(btc.ForexQuotations.Close, 6);
    // Calls and pushes are never kept: only the shell and built files are.
    const urls = await cachedUrls(page);
    expect(urls).toContain('/');
    expect(urls.filter((url) => !(url === '/' || url === '/manifest.json' || url.startsWith('/assets/')))).toEqual([]);

    await server.resume();
    await marker.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.locator('.product-list.stale').count()).toBe(0);
    // Each wait above has its own bound; together they may take longer than one test's usual minute.
  }, 120_000);

  it('opens a screen never visited once the network is back, waiting meanwhile with the tab bar and a word instead of a blank page', async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
    await page.context().setOffline(true);
    try {
      await page.getByRole('link', { name: 'Ranking' }).tap();
      await page.waitForURL(`${server.url}/rank`);
      await page.locator('.spinner').first().waitFor();
      expect(await page.locator('.tabbar').isVisible()).toBe(true);
      expect(await page.getByText('This screen opens once you are back online').isVisible()).toBe(true);
    } finally {
      await page.context().setOffline(false);
    }
    await expect.poll(() => page.locator('h1').innerText(), { timeout: 15_000 }).toBe('Ranking');
  });

  it('reads the account again once the network is back, where it could not while offline', async () => {
    const { page, server } = app;
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).tap();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/user`);
    const balance = page.getByText('10,000.00').first();
    await balance.waitFor();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
    const failed = page.getByText('Could not load your account');
    await page.context().setOffline(true);
    try {
      await page.evaluate(() => {
        history.pushState(null, '', '/user');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await failed.waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    // No tap on "Try again": the connection coming back is enough.
    await failed.waitFor({ state: 'detached', timeout: 20_000 });
    await balance.waitFor();
  });
});

describe('a screen whose files fail once while online', () => {
  let browser: Browser;
  let server: TestServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({}, { CLIENT_DIR: path.resolve('dist') });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // As when the network comes back just before a failed fetch is reported, or a new build replaced the files.
  it('opens after the page loads again once, instead of a blank page', async () => {
    // Requests the worker makes would pass the page's routes unseen: none here.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    let failed = 0;
    await page.route(/\/assets\/rank-screen-[\w-]+\.css$/, (route) => (failed++ === 0 ? route.abort('internetdisconnected') : route.continue()));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Ranking' }).tap();
    await expect.poll(() => page.locator('h1').innerText(), { timeout: 15_000 }).toBe('Ranking');
    expect(page.url()).toBe(`${server.url}/rank`);
    expect(failed).toBeGreaterThanOrEqual(2);
    expect(loads).toBe(2);
    await context.close();
  });

  it('says it could not open, with the tab bar and a way to try again, when they fail again after that', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route(/\/assets\/rank-screen-[\w-]+\.css$/, (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Ranking' }).tap();
    await page.getByText('Could not load. Check your connection and try again.').waitFor({ timeout: 15_000 });
    expect(await page.locator('.tabbar').isVisible()).toBe(true);
    await page.unroute(/\/assets\/rank-screen-[\w-]+\.css$/);
    await page.getByRole('button', { name: 'Try again' }).tap();
    await expect.poll(() => page.locator('h1').first().innerText(), { timeout: 15_000 }).toBe('Ranking');
    await context.close();
  });

  it('opens by itself once the server answers again, when they failed while it could not be reached', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
    // As after the one reload that did not help: the files fail again at once.
    await page.evaluate(() => sessionStorage.setItem('td.reloaded', String(Date.now())));
    await page.route(/\/assets\/rank-screen-[\w-]+\.css$/, (route) => route.abort('connectionrefused'));
    await server.stopListening();
    try {
      await page.getByRole('link', { name: 'Ranking' }).tap();
      await page.getByText('Could not load. Check your connection and try again.').waitFor({ timeout: 15_000 });
      await page.unroute(/\/assets\/rank-screen-[\w-]+\.css$/);
    } finally {
      await server.resume();
    }
    // No tap on "Try again": the socket coming back is enough.
    await expect.poll(() => page.locator('h1').first().innerText(), { timeout: 30_000 }).toBe('Ranking');
    await context.close();
  }, 60_000);
});

/** A copy of the build whose shell list can be changed, as a new deployment would. */
describe('a new build', () => {
  let browser: Browser;
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tradedesk-build-'));
    await fs.cp(path.resolve('dist'), clientDir, { recursive: true });
    browser = await launchBrowser();
    server = await startServer({}, { CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  it('replaces the worker and drops the old build cache', async () => {
    const page = await (await phone(browser)).newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
    const [before] = await cacheNames(page);
    expect(before).toMatch(/^shell-\w+$/);

    const shellFile = path.join(clientDir, 'sw-shell.js');
    await fs.writeFile(shellFile, (await fs.readFile(shellFile, 'utf8')).replace(/"version":"\w+"/, '"version":"nextbuild"'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect.poll(() => cacheNames(page), { timeout: 20_000 }).toEqual(['shell-nextbuild']);
  });
});
