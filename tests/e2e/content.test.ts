import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { signInStaff, staffApi } from '../support/staff';
import { XSS } from '../support/xss';
import { phone, phoneApp } from './browser';

/** Anything a browser would run: script, a handler, a script URL, a frame, a style or a foreign image. */
const EXECUTABLE = /<script|<iframe|<object|<embed|<style|<svg|<math|<form|<base|<meta|\son\w+\s*=|javascript:|vbscript:|data:|srcdoc|<img(?![^>]*src="\/api\/common\/image\/[A-Za-z0-9_-]{24}")[^>]*\ssrc=/i;

/** The browser's news sanitiser alone, bundled as a script a blank page can load. */
async function sanitizerScript(): Promise<string> {
  const out = await build({
    configFile: false, logLevel: 'error',
    build: {
      write: false, minify: false,
      lib: { entry: path.resolve('src/features/content/news/news-sanitizer.ts'), formats: ['iife'], name: 'NewsSanitizer' },
    },
  });
  const chunk = (Array.isArray(out) ? out[0] : out) as { output: { type: string; code?: string }[] };
  return chunk.output.find((o) => o.type === 'chunk')!.code!;
}

/** A phone reading news, inviting a friend and meeting a pause; staff act over the back-office API. */
describe('content in the browser', () => {
  const app = phoneApp(() => ({ MARKET_FEED: 'simulated', SUPPORT_SECRET: 'shared-with-support' }));
  const url = (p: string) => `${app.server.url}${p}`;

  async function staffPost(p: string, body: Record<string, unknown>) {
    return staffApi(app.server.url)(p, body, await signInStaff(app.server, 'admin'));
  }

  /** Watches a page for anything a payload would do: a dialog, or the flag it sets. */
  function watchForScripts(page: Page) {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    return { dialogs, flag: () => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss) };
  }

  it('staff publish news with a hostile script; a visitor finds it from the quotes and reads it, and nothing runs', async () => {
    const hostile = '<p>Rates <b>up</b> again</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2;alert(2)">'
      + '<a href="javascript:window.__xss=3">tap</a><svg onload="window.__xss=4"></svg><iframe srcdoc="<script>parent.__xss=5</script>"></iframe>'
      + '<a href="https://example.org/more">more</a><p onmouseover="window.__xss=6">hover</p>';
    const saved = await staffPost('/news', { title: 'Fed <b>holds</b> rates', desc: 'The summary', content: hostile });
    expect(saved.code).toBe(1);

    const page = app.page;
    const watch = watchForScripts(page);
    // A visitor finds the news from the quotes' header.
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'News' }).tap();
    await page.waitForURL(url('/news'));
    const row = page.locator('.news-row:not(.skeleton)').filter({ hasText: 'Fed holds rates' });
    await row.waitFor();
    await expect.poll(() => page.locator('.list-end').innerText()).toBe('No more');
    await row.getByRole('link').tap();
    await page.waitForURL(url(`/news/detail?id=${saved.data.id}`));
    const article = page.getByTestId('news-article');
    const text = article.locator('p', { hasText: 'Rates' });
    await text.waitFor();
    expect(await text.innerText()).toBe('Rates up again');

    // What a reader would do to set off a handler or a script link.
    await article.locator('p', { hasText: 'hover' }).dispatchEvent('mouseover');
    await article.getByText('tap', { exact: true }).tap({ timeout: 2000 });
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url(`/news/detail?id=${saved.data.id}`));
    expect(await watch.flag()).toBeUndefined();
    expect(watch.dialogs).toEqual([]);
    const html = await article.innerHTML();
    expect(html).not.toMatch(EXECUTABLE);
    const out = article.getByRole('link', { name: 'more' });
    expect(await out.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await out.getAttribute('target')).toBe('_blank');

    // An item that does not exist is said once, on the page, not also in a toast.
    await page.goto(url('/news/detail?id=999999'));
    await page.getByText('This news item was not found').waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('.toast').count()).toBe(0);
    // Another id set after the hash, on the same screen, is another item (spec section 2).
    await page.evaluate((id) => { location.hash = `#/news/detail?id=${id}`; }, saved.data.id);
    await expect.poll(() => article.locator('p', { hasText: 'Rates' }).innerText()).toBe('Rates up again');
  });

  it('the browser sanitiser leaves nothing executable of any known XSS string', async () => {
    // A blank page has no content policy: only the sanitiser stands between a payload and running.
    const page = await (await phone(app.page.context().browser()!)).newPage();
    const watch = watchForScripts(page);
    await page.addScriptTag({ content: await sanitizerScript() });
    // A path that browsers read as another host (`//host`, `/\\host`) is no link of ours either.
    const known = [...XSS, '<a href="/\\evil.example/x">x</a>', '<a href="//evil.example/x">x</a>', '<a href="/\\/evil.example">x</a>'];
    const payloads = known.map((x) => x.replaceAll('alert(1)', 'window.__xss=1'));
    const cleaned = await page.evaluate((list) => {
      const sanitize = (window as unknown as { NewsSanitizer: { sanitizeNewsHtml: (h: string) => string } }).NewsSanitizer.sanitizeNewsHtml;
      return list.map((x) => {
        const out = sanitize(x);
        const box = document.createElement('div');
        box.innerHTML = out;
        document.body.append(box);
        box.querySelectorAll('a, details, input, p, div').forEach((el) => el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
        // As the browser parsed it: a dangerous element, a handler, or a link of another scheme (entities decoded).
        const found = [...box.querySelectorAll('*')].flatMap((el) => [
          ...(/^(script|iframe|object|embed|style|svg|math|form|base|meta|frame|frameset)$/i.test(el.tagName) ? [el.tagName] : []),
          ...[...el.attributes].filter((attr) => /^on/i.test(attr.name) || attr.name === 'style' || attr.name === 'srcdoc').map((attr) => attr.name),
          ...(el instanceof HTMLAnchorElement && el.hasAttribute('href') && !/^(https?|mailto):$/.test(el.protocol) ? [el.protocol] : []),
          ...(el instanceof HTMLAnchorElement && el.getAttribute('href')?.startsWith('/') && new URL(el.getAttribute('href')!, 'https://news.example').host !== 'news.example' ? ['another host'] : []),
        ]);
        return { out, found };
      });
    }, payloads);
    await page.waitForTimeout(500);
    cleaned.forEach(({ out, found }, i) => {
      expect(out, known[i]).not.toMatch(EXECUTABLE);
      expect(found, known[i]).toEqual([]);
    });
    expect(await watch.flag()).toBeUndefined();
    expect(watch.dialogs).toEqual([]);
    await page.context().close();
  });

  it('the browser sanitiser keeps the formatting the server keeps', async () => {
    const page = await (await phone(app.page.context().browser()!)).newPage();
    await page.addScriptTag({ content: await sanitizerScript() });
    const image = '/api/common/image/abcdefghijklmnopqrstuvwx';
    const kept = [
      '<table><tbody><tr><td colspan="2" rowspan="3">cell</td><th colspan="2">head</th></tr></tbody></table>',
      `<p><img src="${image}" alt="chart" width="20" height="10"></p>`,
      '<p><strong>up</strong> <a href="https://news.example/a" title="more">more</a></p>',
      // A picture left without words, alone in a link (axe: image-alt, link-name).
      `<p><a href="https://news.example/b"><img src="${image}"></a> <a href="mailto:desk@news.example"><img src="${image}" alt=""></a></p>`,
    ];
    const cleaned = await page.evaluate((list) => list.map((html) =>
      (window as unknown as { NewsSanitizer: { sanitizeNewsHtml: (h: string) => string } }).NewsSanitizer.sanitizeNewsHtml(html)), kept);
    expect(cleaned[0]).toBe(kept[0]);
    expect(cleaned[1]).toBe(kept[1]);
    expect(cleaned[2]).toBe('<p><strong>up</strong> <a href="https://news.example/a" title="more" target="_blank" rel="noopener noreferrer">more</a></p>');
    expect(cleaned[3]).toBe(`<p><a href="https://news.example/b" target="_blank" rel="noopener noreferrer" title="news.example"><img src="${image}" alt=""></a>`
      + ` <a href="mailto:desk@news.example" target="_blank" rel="noopener noreferrer" title="desk@news.example"><img src="${image}" alt=""></a></p>`);
    await page.context().close();
  });

  it('a friend registers through the QR link and the inviter sees the count go up', async () => {
    const api = client(app.server.url);
    const inviterEmail = 'inviter@example.com';
    await api.form('/api/notify/send_email', { to: inviterEmail, type: 1 });
    const inviter = await api.form('/api/user/register', { type: 'email', account: inviterEmail, password: 'secret123', re_password: 'secret123', sms_code: (await app.server.lastCode(inviterEmail))! });
    expect(inviter.code).toBe(1);
    const code = inviter.data.invite_code as string;

    const page = app.page;
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(inviterEmail);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Log in', exact: true }).tap();
    await page.waitForURL(url('/'));
    await page.goto(url('/mine/invite'));
    await expect.poll(() => page.getByTestId('invite-code').innerText()).toBe(code);
    const qr = page.getByTestId('invite-qr');
    const link = await qr.getAttribute('data-link');
    expect(link).toBe(`${app.server.url}/#/register?invite_code=${code}`);
    expect(await qr.locator('svg').getAttribute('height')).toBe('160');
    expect(await page.getByTestId('invite-count').innerText()).toBe('Friends who joined: 0');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy invite link' }).tap();
    await expect.poll(() => page.locator('.toast').last().textContent()).toBe('Copied');

    // The friend opens the QR's link on another phone.
    const friend = await (await phone(page.context().browser()!)).newPage();
    const friendEmail = 'friend@example.com';
    await friend.goto(link!);
    await expect.poll(() => friend.getByLabel('Invite code').inputValue()).toBe(code);
    await friend.getByLabel('Email').fill(friendEmail);
    await friend.getByRole('button', { name: 'Send code' }).tap();
    await expect.poll(() => app.server.lastCode(friendEmail)).toMatch(/^\d{6}$/);
    await friend.getByLabel('Verification code').fill((await app.server.lastCode(friendEmail))!);
    await friend.getByLabel('Password', { exact: true }).fill('secret123');
    await friend.getByLabel('Repeat password').fill('secret123');
    await friend.getByRole('button', { name: 'Register', exact: true }).tap();
    await friend.waitForURL(url('/'));
    await friend.context().close();

    await page.reload();
    await expect.poll(() => page.getByTestId('invite-count').innerText()).toBe('Friends who joined: 1');
  });

  it('paused trading shows staff\'s message on the ticket and the order is refused', async () => {
    const message = 'Trading pauses for maintenance until 18:00';
    expect(await staffPost('/pause', { scope: 'trading', on: 1, message })).toMatchObject({ code: 1 });
    const page = app.page;
    await page.goto(url('/login'));
    await page.evaluate(() => localStorage.clear());
    await page.goto(url('/login'));
    await page.getByRole('button', { name: /demo/i }).first().tap();
    await page.waitForURL(url('/'));
    await page.locator('.product-row[data-code="BTCUSD"]').tap();
    await page.waitForURL(url('/trade'));
    await expect.poll(() => page.getByTestId('pause-trading').innerText()).toBe(message);
    await expect.poll(() => page.getByTestId('ticket-preview').innerText()).toMatch(/\d/);
    await page.locator('.ticket .btn.buy').tap();
    await expect.poll(() => page.locator('.toast').last().textContent()).toBe(message);
    expect(await page.getByTestId('order-placed').isVisible()).toBe(false);
    await page.goto(url('/order'));
    await expect.poll(() => page.locator('.empty').first().innerText()).toBe('No data');

    expect(await staffPost('/pause', { scope: 'trading', on: 0 })).toMatchObject({ code: 1 });
    await page.goto(url('/trade'));
    await page.locator('.ticket').waitFor();
    expect(await page.getByTestId('pause-trading').count()).toBe(0);
  });

  it('support, complaint email, the DEMO announcement and feedback read what staff set', async () => {
    for (const [key, value] of [['service_link', 'https://support.example/chat'], ['service_link_type', '1'], ['complaint_email', 'care@example.org'],
      ['announcement', 'Maintenance on Sunday'], ['site_title', 'DEMO']]) {
      expect(await staffPost('/settings', { key, value }), key).toMatchObject({ code: 1 });
    }
    const page = app.page;
    await page.goto(url('/login'));
    await page.evaluate(() => localStorage.clear());
    await page.goto(url('/login'));
    await page.getByRole('button', { name: /demo/i }).first().tap();
    await page.waitForURL(url('/'));
    // Signed in: the frame is told who is talking, signed.
    await page.goto(url('/mine/chat'));
    await page.getByTestId('support-frame').waitFor();
    const src = new URL((await page.getByTestId('support-frame').getAttribute('src'))!);
    const uid = src.searchParams.get('uid')!;
    expect(src.origin + src.pathname).toBe('https://support.example/chat');
    const signed = `${uid}\n${src.searchParams.get('email')}\n${src.searchParams.get('expires')}`;
    expect(src.searchParams.get('signature')).toBe(createHmac('sha256', 'shared-with-support').update(signed).digest('hex'));
    expect(await page.getByTestId('support-frame').getAttribute('sandbox')).not.toContain('allow-top-navigation');

    expect(await staffPost('/settings', { key: 'service_link_type', value: '2' })).toMatchObject({ code: 1 });
    await page.goto(url('/mine/chat'));
    await expect.poll(() => page.getByTestId('support-link').innerText()).toBe('https://support.example/chat');

    await page.goto(url('/mine/email'));
    await expect.poll(() => page.getByTestId('complaint-email').innerText()).toBe('care@example.org');
    await page.goto(url('/mine/announcement'));
    await expect.poll(() => page.getByTestId('announcement').locator('.announcement-text').innerText()).toBe('Maintenance on Sunday');
    const marker = page.getByTestId('announcement').locator('.demo-marker');
    expect(await marker.innerText()).toBe('(DEMO test)');
    expect(await marker.evaluate((el) => getComputedStyle(el).color)).toMatch(/^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/);

    await page.goto(url('/feedback'));
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Your feedback').fill('The news screen reads well');
    await page.getByLabel('Contact for a reply (optional)').fill('me@example.org');
    await send.tap();
    await page.getByText('Thank you, your feedback was sent').waitFor();
    const token = await signInStaff(app.server, 'admin');
    expect((await client(app.server.url).get('/admin/api/feedback', { page: 1 }, token)).data.data[0]).toMatchObject({ text: 'The news screen reads well', contact: 'me@example.org' });
  });

  it('English news read in Arabic keeps its table\'s columns left to right', async () => {
    const table = '<p>Spreads this week</p><table><tr><th>Pair</th><th>Spread</th><th>Change</th></tr><tr><td>EUR/USD</td><td>0.8</td><td>+0.1</td></tr></table>';
    const saved = await staffPost('/news', { title: 'Spreads', desc: '', content: table });
    const page = app.page;
    await page.goto(url('/language'));
    await page.locator('[data-lang="ar"]').tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.goto(url(`/news/detail?id=${saved.data.id}`));
    const heads = page.getByTestId('news-article').locator('th');
    await heads.first().waitFor();
    const lefts = await heads.evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().left));
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    await page.goto(url('/language'));
    await page.locator('[data-lang="en"]').tap();
  });
});
