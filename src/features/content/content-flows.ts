import { fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { contentCalls, NEWS_CATEGORY } from '../../../contract/content';
import { feedbackMachine } from '../../../machines/content/feedback';
import { newsDetailMachine } from '../../../machines/content/news-detail';
import { newsListMachine } from '../../../machines/content/news-list';
import { announcementMachine, complaintEmailMachine, inviteMachine } from '../../../machines/content/small-screens';
import { supportMachine } from '../../../machines/content/support';
import { call } from '../../shared/api/client';

/** The content screens' machines with their I/O bound to the API and the browser. */

export const newsListFlow = () =>
  newsListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const page = await call(contentCalls.newsList, { category_id: NEWS_CATEGORY, page: input.page });
        return { items: page.data.map((n) => ({ ...n, Id: n.id })), total: page.total };
      }),
    },
  });

export const newsDetailFlow = newsDetailMachine.provide({
  actors: {
    // A missing item is said on the page itself, so its refusal is not toasted as well.
    loadNews: fromPromise(({ input }) => call(contentCalls.newsInfo, input, { loading: true, showErrorMessage: false })),
    // DOMPurify comes with this screen only, not with the first screen.
    cleanHtml: fromPromise(async ({ input }) => (await import('./news/news-sanitizer')).sanitizeNewsHtml(input.html)),
  },
});

export const complaintEmailFlow = complaintEmailMachine.provide({
  // Spec section 7: from a host of its own where one is set at build time, else the API's.
  actors: { load: fromPromise(() => call(contentCalls.complaintEmail, {}, { origin: import.meta.env.VITE_COMPLAINT_ORIGIN as string | undefined })) },
});

export const announcementFlow = announcementMachine.provide({
  actors: { load: fromPromise(() => call(contentCalls.announcement, {})) },
});

export const inviteFlow = inviteMachine.provide({
  actors: {
    load: fromPromise(async () => ({ ...(await call(contentCalls.inviteInfo, {})), origin: location.origin })),
  },
});

export const supportFlow = supportMachine.provide({
  actors: {
    loadLink: fromPromise(async () => {
      const { service_link, service_link_type } = await call(accountCalls.basicInfo, {});
      return { service_link, service_link_type };
    }),
    loadIdentity: fromPromise(() => call(contentCalls.supportIdentity, {}, { showErrorMessage: false })),
  },
  // Type 3 leaves the app for the link; replacing this entry keeps back from coming here again.
  actions: { openLink: (_, { url }) => location.replace(url) },
});

export const feedbackFlow = feedbackMachine.provide({
  actors: {
    sendFeedback: fromPromise(async ({ input }) => {
      await call(contentCalls.feedback, input, { loading: true });
    }),
  },
});
