import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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
