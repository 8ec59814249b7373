import { feedbackMachine } from '../../machines/content/feedback';
import { newsDetailMachine } from '../../machines/content/news-detail';
import { newsListMachine } from '../../machines/content/news-list';
import { announcementMachine, complaintEmailMachine, inviteMachine } from '../../machines/content/small-screens';
import { supportMachine } from '../../machines/content/support';
import { pathSuite } from './runner';

const news = (id: number) => ({ Id: id, id, title: `n${id}`, desc: '', logo: '', created_at: '2025-01-01 00:00:00' });

pathSuite('news list', {
  machine: newsListMachine,
  events: [{ type: 'LIST.MORE' }, { type: 'LIST.REFRESH' }, { type: 'ITEM.REMOVE', id: 1 }],
  outputs: { loadPage: [{ items: [news(1)], total: 2 }, { items: [news(2)], total: 2 }] },
  realChildren: ['changes'],
  project: (c) => [Math.min(c.items.length, 3), Math.min(c.total, 3), Math.min(c.page, 3)],
});

pathSuite('news detail', {
  machine: newsDetailMachine,
  inputs: [{ id: 7 }, { id: undefined }],
  events: [{ type: 'RETRY' }],
  outputs: {
    loadNews: [{ id: 7, title: 'Fed holds', desc: '', logo: '', created_at: '2025-01-01 00:00:00', content: '<p>x</p>' }],
    cleanHtml: ['<p>x</p>'],
  },
  project: (c) => [c.id, c.news ? 1 : 0, c.html],
});

pathSuite('complaint email', {
  machine: complaintEmailMachine,
  events: [{ type: 'RETRY' }],
  outputs: { load: [{ email: 'care@example.org' }] },
  project: (c) => c.data?.email ?? null,
});

pathSuite('announcement', {
  machine: announcementMachine,
  events: [{ type: 'RETRY' }],
  outputs: { load: [{ text: 'Maintenance', title: 'DEMO' }] },
  project: (c) => c.data?.title ?? null,
});

pathSuite('invite', {
  machine: inviteMachine,
  events: [{ type: 'RETRY' }],
  outputs: { load: [{ invite_code: 'K7QX2M', invited: 3, origin: 'https://app.example' }] },
  project: (c) => c.data?.invited ?? null,
});

const link = (type: number, url = 'https://support.example/chat') => ({ service_link: url, service_link_type: type });

pathSuite('support', {
  machine: supportMachine,
  inputs: [{ signedIn: true }, { signedIn: false }],
  events: [{ type: 'RETRY' }],
  outputs: {
    loadLink: [link(1), link(2), link(3), link(1, 'javascript:alert(1)'), link(1, '')],
    loadIdentity: [{ uid: '10001', email: 'a@example.com', expires: 1_800_000_000, signature: 'ab' }],
  },
  project: (c) => [c.signedIn, c.link?.service_link_type ?? null, c.link?.service_link ?? null, c.identity ? 1 : 0],
});

pathSuite('feedback', {
  machine: feedbackMachine,
  events: [
    { type: 'FIELD.CHANGE', field: 'text', value: 'The chart is great' },
    { type: 'FIELD.CHANGE', field: 'text', value: '   ' },
    { type: 'FIELD.CHANGE', field: 'contact', value: 'me@example.org' },
    { type: 'SUBMIT' },
    { type: 'AGAIN' },
  ],
  project: (c) => [c.text.trim() !== '', c.contact !== ''],
});
