import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { feedbackMachine } from '../../machines/content/feedback';
import { connectFeedback } from '../../machines/content/feedback.connect';
import { newsDetailMachine } from '../../machines/content/news-detail';
import { connectNewsDetail } from '../../machines/content/news-detail.connect';
import { newsListMachine, type NewsRow } from '../../machines/content/news-list';
import type { Page } from '../../machines/shared/paged-list';
import { connectNewsList } from '../../machines/content/news-list.connect';
import { announcementMachine, inviteMachine } from '../../machines/content/small-screens';
import { connectAnnouncement, connectInvite } from '../../machines/content/small-screens.connect';
import { supportMachine, type SupportIdentity } from '../../machines/content/support';
import { connectSupport } from '../../machines/content/support.connect';

const identity: SupportIdentity = { uid: '10001', email: 'ann+x@example.com', expires: 1_800_000_000, signature: 'c0ffee' };

async function support(type: number, signedIn: boolean, link = 'https://support.example/chat?site=1') {
  const opened: string[] = [];
  const actor = createActor(supportMachine.provide({
    actors: {
      loadLink: fromPromise(async () => ({ service_link: link, service_link_type: type })),
      loadIdentity: fromPromise(async () => identity),
    },
    actions: { openLink: (_, { url }) => void opened.push(url) },
  }), { input: { signedIn } }).start();
  await waitFor(actor, (s) => !connectSupport(s).isLoading);
  return { view: connectSupport(actor.getSnapshot()), opened };
}

describe('content views', () => {
  it('the chat frame carries uid, email and signature only when logged in', async () => {
    const signed = new URL((await support(1, true)).view.frameSrc);
    expect(Object.fromEntries(signed.searchParams)).toEqual({ site: '1', uid: '10001', email: 'ann+x@example.com', expires: '1800000000', signature: 'c0ffee' });
    expect((await support(0, false)).view).toMatchObject({ mode: 'chat', frameSrc: 'https://support.example/chat?site=1' });
  });

  it('support link type 2 shows the link, 3 opens it, and a non-web link is no link', async () => {
    expect((await support(2, true)).view).toMatchObject({ mode: 'link', link: 'https://support.example/chat?site=1', frameSrc: '' });
    const open = await support(3, true);
    expect(open.view.mode).toBe('leaving');
    expect(open.opened).toEqual(['https://support.example/chat?site=1']);
    const script = await support(1, true, 'javascript:alert(1)');
    expect(script.view).toMatchObject({ mode: 'unavailable', frameSrc: '' });
    expect(script.opened).toEqual([]);
  });

  it('the invite link is the family hash form of the register page with the code', async () => {
    const actor = createActor(inviteMachine.provide({
      actors: { load: fromPromise(async () => ({ invite_code: 'K7QX2M', invited: 4, origin: 'https://app.example' })) },
    })).start();
    expect(connectInvite(actor.getSnapshot())).toMatchObject({ isLoading: true, link: '' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(connectInvite(actor.getSnapshot())).toEqual({
      isLoading: false, isFailed: false, code: 'K7QX2M', invited: 4, link: 'https://app.example/#/register?invite_code=K7QX2M',
    });
  });

  it('the announcement marks only the DEMO site', async () => {
    for (const [title, demo] of [['DEMO', true], ['TradeDesk', false], ['demo site', false]] as [string, boolean][]) {
      const actor = createActor(announcementMachine.provide({ actors: { load: fromPromise(async () => ({ text: 'Maintenance', title })) } })).start();
      await waitFor(actor, (s) => s.matches('shown'));
      expect(connectAnnouncement(actor.getSnapshot()).isDemoSite, title).toBe(demo);
    }
  });

  it('news shows skeleton rows only while the first page loads, and HTML only once cleaned', async () => {
    const list = createActor(newsListMachine.provide({ actors: { loadPage: fromPromise(async (): Promise<Page<NewsRow>> => ({ items: [], total: 0 })) } })).start();
    expect(connectNewsList(list.getSnapshot()).skeletonRows).toBeGreaterThan(0);
    await waitFor(list, (s) => s.matches('idle'));
    expect(connectNewsList(list.getSnapshot())).toMatchObject({ skeletonRows: 0, empty: 'none' });

    const news = { id: 3, title: 'Fed holds', desc: '', logo: '', created_at: '2025-01-01 00:00:00', content: '<p onclick="x()">raw</p>' };
    const detail = createActor(newsDetailMachine.provide({
      actors: { loadNews: fromPromise(async () => news), cleanHtml: fromPromise(async ({ input }) => input.html.replace(/ onclick="[^"]*"/, '')) },
    }), { input: { id: 3 } }).start();
    await waitFor(detail, (s) => s.matches('shown'));
    expect(connectNewsDetail(detail.getSnapshot())).toMatchObject({ isShown: true, title: 'Fed holds', html: '<p>raw</p>' });
    const missing = createActor(newsDetailMachine, { input: { id: undefined } }).start();
    expect(connectNewsDetail(missing.getSnapshot())).toMatchObject({ isMissing: true, isLoading: false, html: '' });

    // No such item on the server is "not found"; only a lost connection offers a retry.
    const answered = (error: { code: number | string }) => createActor(newsDetailMachine.provide({
      actors: { loadNews: fromPromise(async () => Promise.reject(Object.assign(new Error('x'), error))) },
    }), { input: { id: 9999 } }).start();
    const unknown = answered({ code: 0 });
    await waitFor(unknown, (s) => !s.matches('loading'));
    expect(connectNewsDetail(unknown.getSnapshot())).toMatchObject({ isMissing: true, isFailed: false });
    const offline = answered({ code: 'ERR_NETWORK' });
    await waitFor(offline, (s) => !s.matches('loading'));
    expect(connectNewsDetail(offline.getSnapshot())).toMatchObject({ isMissing: false, isFailed: true });
  });

  it('feedback can be sent only with some text', () => {
    const actor = createActor(feedbackMachine).start();
    expect(connectFeedback(actor.getSnapshot()).canSubmit).toBe(false);
    actor.send({ type: 'FIELD.CHANGE', field: 'text', value: '   ' });
    expect(connectFeedback(actor.getSnapshot()).canSubmit).toBe(false);
    actor.send({ type: 'FIELD.CHANGE', field: 'text', value: 'Great chart' });
    expect(connectFeedback(actor.getSnapshot())).toMatchObject({ canSubmit: true, text: 'Great chart' });
  });
});
