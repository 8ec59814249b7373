/**
 * Lighthouse (its default config: a mobile phone, simulated slow 4G and 4x CPU) on `/` and `/trade`
 * as a signed-in demo trader, against the real server and the built client. Prints the performance,
 * accessibility and best-practices scores (targets 98, 100, 100) and, for a score below its target,
 * the audits that keep it there with the elements or URLs they name. Each route is a first visit (no
 * HTTP cache, no service worker) with a signed-in session. Asserts nothing.
 * Usage: npm run build && npm run bench:lighthouse
 */
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startAppServer } from './support/app-server';
import { launchDebugChromium } from './support/debug-chromium';
import { failingAudits, score, TARGETS, type Category } from './support/lighthouse-findings';

const ROUTES = ['/', '/trade'];

async function forgetAllButSession(port: number, origin: string): Promise<void> {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await cdp.contexts()[0]!.newPage();
  const session = await page.context().newCDPSession(page);
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await session.send('Network.clearBrowserCache');
  await page.close();
  await cdp.close();
}

const server = await startAppServer();
const browser = await launchDebugChromium();
try {
  // A demo account as the login screen's button makes one, kept where the app looks for it.
  const demoId = crypto.randomUUID();
  const reply = await fetch(`${server.base}/api/user/createAccountDemoForU?demo_id=${demoId}`);
  const session = ((await reply.json()) as { data?: { token?: string } }).data;
  if (!reply.ok || !session?.token) throw new Error(`no demo session: HTTP ${reply.status}`);
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
  const page = await cdp.contexts()[0]!.newPage();
  await page.goto(`${server.base}/manifest.json`);
  await page.evaluate(([id, value]) => {
    localStorage.setItem('td.demoId', id!);
    localStorage.setItem('td.session', value!);
  }, [demoId, JSON.stringify(session)]);
  await page.close();
  await cdp.close();

  for (const route of ROUTES) {
    // Every route as a first visit: keeping the session (below) also keeps the HTTP cache and the
    // service worker the first route installed, which would serve the second route's assets.
    await forgetAllButSession(browser.port, server.base);
    const result = await lighthouse(`${server.base}${route}`, {
      port: browser.port,
      logLevel: 'error',
      // Keeps the session in localStorage (Lighthouse clears the origin's storage by default).
      disableStorageReset: true,
      onlyCategories: Object.keys(TARGETS),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const { lhr } = result;
    if (lhr.runtimeError) console.log(`lighthouse ${route}: runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const categories = Object.keys(TARGETS) as Category[];
    console.log(
      `lighthouse ${route} (${lhr.configSettings.formFactor}, ended on ${new URL(lhr.finalDisplayedUrl).pathname}): ` +
        categories.map((c) => `${c} ${score(lhr, c) ?? 'n/a'} (target ${TARGETS[c]})`).join(', ') +
        (lhr.runWarnings.length ? `; warnings: ${lhr.runWarnings.join(' | ')}` : ''),
    );
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`  metrics: ${metrics.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? 'n/a'}`).join(', ')}`);
    for (const c of categories) {
      const s = score(lhr, c);
      if (s !== undefined && s >= TARGETS[c]) continue;
      console.log(`  ${c} below target:`);
      for (const line of failingAudits(lhr, c)) console.log(line);
    }
  }
} finally {
  browser.close();
  server.close();
}
