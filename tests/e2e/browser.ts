import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startServer, type TestServer } from '../support/server';

/** Debian's chromium, headless, with the flags this network needs (no background calls out). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A phone: 390x844, touch, English unless told otherwise. */
export function phone(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale });
}

export interface PhoneApp {
  server: TestServer;
  page: Page;
}

/**
 * For one describe block: a browser, then the server with the built client (started last, so a
 * replay's clock starts as late as possible), one phone page, and a screenshot of each failed test.
 */
export function phoneApp(env: () => NodeJS.ProcessEnv | Promise<NodeJS.ProcessEnv>): PhoneApp {
  const app = {} as PhoneApp;
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    app.page = await (await phone(browser)).newPage();
    app.page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    app.server = await startServer({}, { CLIENT_DIR: path.resolve('dist'), ...(await env()) });
  });
  afterAll(async () => {
    await browser?.close();
    await app.server?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await app.page.screenshot({ path: `.test-results/e2e-${task.name.replace(/\W+/g, '-')}.png` });
  });
  return app;
}
