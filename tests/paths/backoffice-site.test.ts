import { recordEditor } from '../../machines/backoffice/record-editor';
import { traderLookupMachine } from '../../machines/backoffice/trader-lookup';
import { pathSuite } from './runner';

const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

pathSuite('back-office record editor (funds, settings, pauses, news, companies, products)', {
  machine: recordEditor<{ rows: number }>(),
  events: [
    { type: 'EDITOR.RELOAD' },
    { type: 'EDITOR.PAGE', page: 2 },
    { type: 'EDITOR.OPEN', target: 'news:new', fields: { title: '', content: '', logo: '' }, required: ['title', 'content'] },
    { type: 'EDITOR.FIELD', name: 'title', value: 'Rates' },
    { type: 'EDITOR.FIELD', name: 'content', value: '<p>up</p>' },
    { type: 'EDITOR.UPLOAD', field: 'logo', file: png },
    { type: 'EDITOR.SAVE' },
    { type: 'EDITOR.CANCEL' },
    { type: 'EDITOR.APPLY', target: 'pause:trading', fields: { on: '0' } },
  ],
  outputs: {
    load: [{ rows: 2 }],
    save: [{ message: 'Success' }],
    upload: [{ url: '/api/uploads/public/a.png' }],
  },
  project: (c) => [c.data?.rows ?? null, c.page, c.draft?.target ?? null, c.draft?.fields.title ?? null, c.draft?.fields.content ?? null,
    c.draft?.fields.logo ?? null, c.fromForm, c.problem ?? null, c.notice?.tone ?? null],
});

pathSuite('back-office trader lookup', {
  machine: traderLookupMachine,
  events: [
    { type: 'LOOKUP.QUERY', value: ' ' },
    { type: 'LOOKUP.QUERY', value: 'ann@example.com' },
    { type: 'LOOKUP.SEARCH' },
  ],
  outputs: {
    find: [{
      id: 5, uid: 'U5', email: 'ann@example.com', is_demo: false, invite_code: 'ABC', invited_by: { id: 2, uid: 'U2', email: 'bob@example.com' },
      invited: 0, available: '0', frozen: '0', identity: 0, created_at: '2025-01-01 00:00:00',
    }],
  },
  project: (c) => [c.query, c.found?.invited_by?.uid ?? null, c.problem ?? null, c.notice?.tone ?? null],
});
