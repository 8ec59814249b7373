import { PRODUCT_FIELDS } from '../../contract/backoffice';
import { LANGUAGES } from '../../contract/fields';
import { CHOICES, PAUSE_SCOPES, RECORDS, SITE_SETTINGS, settingValue } from '../../machines/backoffice/site-records';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { backofficeCalls, STAFF_ROLES, type StaffView } from '../../contract/backoffice';
import { WITHDRAW_STATUSES } from '../../contract/funds';
import { adjustmentProblem } from '../../machines/backoffice/adjustment-request';
import { auditLogMachine, auditQuery } from '../../machines/backoffice/audit-log';
import { approveNoteOf, enrolmentOf, refusalMessage } from '../../machines/backoffice/refusal';
import { reviewQueue } from '../../machines/backoffice/review-queue';
import { connectQueue, waitedParts } from '../../machines/backoffice/review-queue.connect';
import { mayOpen, screensFor, SCREENS } from '../../machines/backoffice/roles';
import { newStaffProblem } from '../../machines/backoffice/staff-admin';
import { staffLoginProblem } from '../../machines/backoffice/staff-login';
import { staffSessionMachine } from '../../machines/backoffice/staff-session';
import { connectStaffSession } from '../../machines/backoffice/staff-session.connect';
import { configureStaffApi, staffCall, StaffApiError } from '../../src/admin/api';

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('back-office rules', () => {
  it('formats how long a request waited in whole minutes, hours and days', () => {
    expect(waitedParts(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(waitedParts(3 * 3600 + 12 * 60 + 30)).toEqual({ days: 0, hours: 3, minutes: 12 });
    expect(waitedParts(2 * 86_400 + 4 * 3600 + 60)).toEqual({ days: 2, hours: 4, minutes: 1 });
    expect(waitedParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('opens each role only its screens, admin all of them', () => {
    expect(screensFor('finance')).toEqual(['deposits', 'withdrawals', 'adjustments', 'traders']);
    expect(screensFor('compliance')).toEqual(['identity', 'traders']);
    expect(screensFor('admin')).toEqual(SCREENS);
    expect(mayOpen('compliance', 'deposits')).toBe(false);
    expect(mayOpen('admin', 'audit')).toBe(true);
  });

  it('checks the login form, the code required only once enrolment is shown', () => {
    const fields = { email: 'ops@staff.example', password: 'x', otp: '' };
    expect(staffLoginProblem(fields, false)).toBeUndefined();
    expect(staffLoginProblem(fields, true)).toBe('otp');
    expect(staffLoginProblem({ ...fields, otp: '12345a' }, false)).toBe('otp');
    expect(staffLoginProblem({ ...fields, email: 'ops' }, false)).toBe('email');
    expect(staffLoginProblem({ ...fields, password: '' }, false)).toBe('password');
  });

  it('checks an adjustment: a user id, a signed amount other than 0 with 6 decimals at most, a reason', () => {
    const ok = { trader: '10000005', amount: '-25.5', reason: 'Goodwill' };
    expect(adjustmentProblem(ok)).toBeUndefined();
    expect(adjustmentProblem({ ...ok, trader: ' ' })).toBe('trader');
    expect(adjustmentProblem({ ...ok, amount: '0.000' })).toBe('amount');
    expect(adjustmentProblem({ ...ok, amount: '1.1234567' })).toBe('amount');
    expect(adjustmentProblem({ ...ok, amount: '1e3' })).toBe('amount');
    expect(adjustmentProblem({ ...ok, reason: ' ' })).toBe('reason');
  });

  it('checks a new staff member and asks the audit log only for the filters given', () => {
    expect(newStaffProblem({ email: 'new@staff.example', password: 'staffpass1', role: 'finance' })).toBeUndefined();
    expect(newStaffProblem({ email: 'new@staff', password: 'staffpass1', role: 'finance' })).toBe('email');
    expect(newStaffProblem({ email: 'new@staff.example', password: '12345', role: 'finance' })).toBe('password');
    expect(auditQuery({ staff: '', action: ' ', target: '' }, 2)).toEqual({ page: 2, limit: 20 });
    expect(auditQuery({ staff: ' 7 ', action: 'deposit.approve', target: '' }, 1)).toEqual({ staff_id: 7, action: 'deposit.approve', page: 1, limit: 20 });
    expect(auditQuery({ staff: 'Fin1@Example.com ', action: 'deposit', target: ' withdrawal:4 ' }, 1))
      .toEqual({ staff_email: 'Fin1@Example.com', action: 'deposit', target: 'withdrawal:4', page: 1, limit: 20 });
  });

  it('reads the enrolment out of a refused login, and nothing out of other refusals', () => {
    const refused = new StaffApiError(0, 'Scan the code', { otpauth: 'otpauth://totp/x', secret: 'ABC' });
    expect(enrolmentOf(refused)).toEqual({ otpauth: 'otpauth://totp/x', secret: 'ABC' });
    expect(enrolmentOf(new StaffApiError(0, 'Wrong email, password or authenticator code'))).toBeUndefined();
    expect(refusalMessage(refused)).toBe('Scan the code');
  });
});

describe('back-office views', () => {
  it('shows the signed-in staff member and the screens of their role', async () => {
    const staff: StaffView = { id: 4, email: 'c@staff.example', role: 'compliance' };
    const actor = createActor(staffSessionMachine.provide({ actors: { whoAmI: fromPromise(async () => staff) } }), { input: { token: 'kept' } }).start();
    expect(connectStaffSession(actor.getSnapshot())).toMatchObject({ phase: 'checking', screens: [] });
    await settle();
    expect(connectStaffSession(actor.getSnapshot())).toMatchObject({ phase: 'signedIn', email: 'c@staff.example', role: 'compliance', staffId: 4, screens: ['identity', 'traders'] });
    actor.send({ type: 'SESSION.EXPIRE' });
    expect(connectStaffSession(actor.getSnapshot())).toMatchObject({ phase: 'loggedOut', ended: 'expired', role: undefined });
  });

  it('asks for the note a decision needs, removes the decided row, reads the rows again and says a second approval is due', async () => {
    const decided: { id: number }[] = [];
    let loads = 0;
    const machine = reviewQueue<{ id: number }, string>().provide({
      actors: {
        // The server's rows: those not decided yet.
        loadPage: fromPromise(async () => {
          loads += 1;
          const items = [{ id: 1 }, { id: 2 }].filter((item) => !decided.some((d) => d.id === item.id));
          return { items, total: items.length };
        }),
        decide: fromPromise(async ({ input }) => {
          decided.push(input);
          return { message: 'Success', status: 'approved' };
        }),
      },
    }) as AnyStateMachine;
    const actor = createActor(machine, { input: { status: 'waiting', actionable: ['waiting', 'approved'], approveNote: 'required' } }).start();
    await settle();
    actor.send({ type: 'DECISION.OPEN', id: 2, decision: 'approve' });
    expect(connectQueue(actor.getSnapshot()).decision).toMatchObject({ item: { id: 2 }, noteKind: 'hash', noteRequired: true });
    actor.send({ type: 'DECISION.CONFIRM' });
    expect(connectQueue(actor.getSnapshot()).decision?.problem).toBe('noteRequired');
    actor.send({ type: 'DECISION.NOTE', value: ' 0xabc ' });
    actor.send({ type: 'DECISION.CONFIRM' });
    await settle();
    expect(decided).toEqual([{ id: 2, decision: 'approve', note: '0xabc' }]);
    // A decision changes other rows too (a verified ID number another request repeats): they are read again.
    expect(loads).toBe(2);
    expect(connectQueue(actor.getSnapshot())).toMatchObject({
      items: [{ id: 1 }], total: 1, decision: undefined, notice: { tone: 'done', text: 'Success' }, secondNeeded: true, canDecide: true,
    });
  });

  it('asks a row for no note when the row says so, and opens each question without the last one\'s message', async () => {
    const decided: unknown[] = [];
    type Row = { id: number; approveNote?: 'none' | 'required' };
    const machine = reviewQueue<Row, string>().provide({
      actors: {
        loadPage: fromPromise(async () => ({ items: [{ id: 1, approveNote: 'none' }, { id: 2 }] as Row[], total: 2 })),
        decide: fromPromise(async ({ input }) => {
          decided.push(input);
          return { message: 'Success' };
        }),
      },
    }) as AnyStateMachine;
    const actor = createActor(machine, { input: { status: 'waiting', actionable: ['waiting'], approveNote: 'required' } }).start();
    await settle();
    actor.send({ type: 'DECISION.OPEN', id: 1, decision: 'approve' });
    expect(connectQueue(actor.getSnapshot()).decision).toMatchObject({ item: { id: 1 }, noteKind: undefined, noteRequired: false });
    actor.send({ type: 'DECISION.CONFIRM' });
    await settle();
    expect(decided).toEqual([{ id: 1, decision: 'approve', note: '' }]);
    expect(connectQueue(actor.getSnapshot()).notice).toEqual({ tone: 'done', text: 'Success' });
    actor.send({ type: 'DECISION.OPEN', id: 2, decision: 'approve' });
    expect(connectQueue(actor.getSnapshot())).toMatchObject({ notice: undefined, decision: { noteKind: 'hash', noteRequired: true } });
  });

  it('asks for the hash when the server says approving now pays (another approved first since the row was read)', async () => {
    const decided: unknown[] = [];
    type Row = { id: number; approveNote?: 'none' | 'required' };
    const machine = reviewQueue<Row, string>().provide({
      actors: {
        loadPage: fromPromise(async () => ({ items: [{ id: 4, approveNote: 'none' }] as Row[], total: 1 })),
        decide: fromPromise(async ({ input }) => {
          decided.push(input);
          if (!input.note) throw new StaffApiError(0, 'Enter the transaction hash or bank reference of the payment', { approve_note: 'required' });
          return { message: 'Success', status: 'paid' };
        }),
      },
    }) as AnyStateMachine;
    const actor = createActor(machine, { input: { status: 'waiting', actionable: ['waiting', 'approved'], approveNote: 'required' } }).start();
    await settle();
    actor.send({ type: 'DECISION.OPEN', id: 4, decision: 'approve' });
    actor.send({ type: 'DECISION.CONFIRM' });
    await settle();
    expect(connectQueue(actor.getSnapshot())).toMatchObject({
      notice: { tone: 'refused', text: 'Enter the transaction hash or bank reference of the payment' },
      decision: { item: { id: 4 }, noteKind: 'hash', noteRequired: true },
    });
    actor.send({ type: 'DECISION.NOTE', value: '0xabc' });
    actor.send({ type: 'DECISION.CONFIRM' });
    await settle();
    expect(decided).toEqual([{ id: 4, decision: 'approve', note: '' }, { id: 4, decision: 'approve', note: '0xabc' }]);
    // Any other refusal leaves the question as it was.
    expect(approveNoteOf(new StaffApiError(0, 'This request has already been handled'))).toBeUndefined();
  });

  it('shows every setting the server takes, each read from where the server lists it', () => {
    const all = { site_config: { title: 'DEMO' }, company_status: { status: 0, loss_url: 'https://example.org/closed' }, stop_out_level: 50, withdraw_needs_identity: 1, is_show_mobile: 0 };
    expect(SITE_SETTINGS).toEqual(expect.arrayContaining(['stop_out_level', 'withdraw_needs_identity', 'is_show_mobile', 'loss_url']));
    expect(['site_title', 'loss_url', 'stop_out_level', 'withdraw_needs_identity', 'is_show_mobile'].map((k) => settingValue(all, k as never)))
      .toEqual(['DEMO', 'https://example.org/closed', '50', '1', '0']);
  });

  it('reopens a row only in a status that allows it, without a note, and decides nothing there', async () => {
    const decided: unknown[] = [];
    const machine = reviewQueue<{ id: number }, number>().provide({
      actors: {
        loadPage: fromPromise(async () => ({ items: [{ id: 1 }], total: 1 })),
        decide: fromPromise(async ({ input }) => {
          decided.push(input);
          return { message: 'Success' };
        }),
      },
    }) as AnyStateMachine;
    const actor = createActor(machine, { input: { status: 1, actionable: [1], reopenable: [3], approveNote: 'none' } }).start();
    await settle();
    actor.send({ type: 'DECISION.OPEN', id: 1, decision: 'reopen' });
    expect(connectQueue(actor.getSnapshot())).toMatchObject({ canReopen: false, decision: undefined });
    actor.send({ type: 'QUEUE.STATUS', status: 3 });
    await settle();
    actor.send({ type: 'DECISION.OPEN', id: 1, decision: 'approve' });
    expect(connectQueue(actor.getSnapshot())).toMatchObject({ canDecide: false, canReopen: true, decision: undefined });
    actor.send({ type: 'DECISION.OPEN', id: 1, decision: 'reopen' });
    expect(connectQueue(actor.getSnapshot()).decision).toMatchObject({ decision: 'reopen', noteKind: undefined, noteRequired: false });
    actor.send({ type: 'DECISION.CONFIRM' });
    await settle();
    expect(decided).toEqual([{ id: 1, decision: 'reopen', note: '' }]);
  });

  it('takes a status chosen while the first page still loads, and shows that status\'s rows, not the first answer', async () => {
    const asked: string[] = [];
    const answers: Record<string, (page: { items: { id: number }[]; total: number }) => void> = {};
    const machine = reviewQueue<{ id: number }, string>().provide({
      actors: {
        loadPage: fromPromise(({ input }: { input: { status: string; page: number; limit: number } }) => {
          asked.push(input.status);
          return new Promise((resolve) => { answers[input.status] = resolve; });
        }),
      },
    }) as AnyStateMachine;
    const actor = createActor(machine, { input: { status: 'pending', actionable: ['pending', 'approved'], approveNote: 'required' } }).start();
    actor.send({ type: 'QUEUE.STATUS', status: 'approved' });
    expect(asked).toEqual(['pending', 'approved']);
    expect(connectQueue(actor.getSnapshot())).toMatchObject({ status: 'approved', isLoading: true });
    // The first answer comes last: it belongs to a load given up, and changes nothing.
    answers.approved!({ items: [{ id: 9 }], total: 1 });
    answers.pending!({ items: [], total: 0 });
    await settle();
    expect(connectQueue(actor.getSnapshot())).toMatchObject({ status: 'approved', isLoading: false, items: [{ id: 9 }], total: 1 });
  });

  it('takes an audit filter applied while the first page still loads', async () => {
    const asked: unknown[] = [];
    const machine = auditLogMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => {
          asked.push(input);
          return new Promise(() => {});
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'FILTER.CHANGE', field: 'action', value: 'deposit' });
    actor.send({ type: 'FILTER.APPLY' });
    expect(asked).toEqual([{ page: 1, limit: 20 }, { action: 'deposit', page: 1, limit: 20 }]);
  });
});

describe('back-office catalogue', () => {
  const en = JSON.parse(fs.readFileSync('src/admin/messages/en.json', 'utf8')) as Record<string, string>;

  it('parses every English string as ICU', () => {
    for (const [key, text] of Object.entries(en)) expect(() => parse(text), key).not.toThrow();
  });

  it('has every key the screens name, the statuses, roles and problems included', () => {
    const files = fs.readdirSync('src/admin', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const named = new Set<string>();
    for (const file of files) {
      const code = fs.readFileSync(path.join('src/admin', file), 'utf8');
      for (const m of code.matchAll(/(?:\bid[=:] ?|\bt\()['"]([a-zA-Z]+\.[\w.]+)['"]/g)) named.add(m[1]!);
    }
    const dynamic = [
      ...STAFF_ROLES.map((r) => `role.${r}`),
      ...SCREENS.map((s) => `screen.${s}`),
      ...[0, 1, 2, 3].flatMap((s) => [`deposits.status.${s}`, `identity.status.${s}`]),
      ...WITHDRAW_STATUSES.map((s) => `withdrawals.status.${s}`),
      ...['pending', 'applied', 'rejected'].map((s) => `adjust.status.${s}`),
      ...['email', 'password', 'otp'].map((p) => `login.problem.${p}`),
      ...['expired', 'loggedOut'].map((p) => `login.ended.${p}`),
      ...['trader', 'amount', 'reason'].map((p) => `adjust.problem.${p}`),
      ...['email', 'password', 'role'].map((p) => `staff.problem.${p}`),
      ...['reference', 'hash', 'reason'].flatMap((k) => [`decision.${k}`, `decision.${k}Required`]),
      'audit.problem.staff',
      // The site screens' forms: every field's label and every choice's words.
      ...Object.values(RECORDS).flatMap((r) => r.fields.filter((f) => !(LANGUAGES as readonly string[]).includes(f)).map((f) => `field.${f}`)),
      ...[...SITE_SETTINGS, ...PRODUCT_FIELDS].map((f) => `field.${f}`),
      ...Object.entries(CHOICES).flatMap(([field, values]) => values.map((v) => `choice.${field}.${v}`)),
      ...PAUSE_SCOPES.flatMap((s) => [`pauses.${s}`, `pauses.pause.${s}`]),
      ...(['network', 'bank_coin', 'wire_account', 'currency'] as const).map((k) => `funds.add.${k}`),
    ];
    expect(named.size).toBeGreaterThan(50);
    expect([...named, ...dynamic].filter((key) => !(key in en))).toEqual([]);
  });
});

describe('back-office API client', () => {
  const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the staff token and language, and answers the data with the server\'s message', async () => {
    const fetchMock = answer({ code: 1, msg: 'Success', data: { status: 'approved' } });
    vi.stubGlobal('fetch', fetchMock);
    configureStaffApi({ token: () => 'staff-token', lang: () => 'en', sessionInvalid: () => {}, transportMessage: (status) => `net ${status ?? 'down'}` });
    expect(await staffCall(backofficeCalls.approveWithdrawal, { id: 3, txid: '0xabc' })).toEqual({ data: { status: 'approved' }, msg: 'Success' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/api/withdrawals/approve');
    expect(init.headers).toMatchObject({ authorization: 'staff-token', lang: 'en', 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ id: 3, txid: '0xabc' });
  });

  it('keeps a refusal\'s message and data, and reports 999 as the session\'s end', async () => {
    const ended = vi.fn();
    configureStaffApi({ token: () => 't', lang: () => 'en', sessionInvalid: ended, transportMessage: (status) => `net ${status ?? 'down'}` });
    vi.stubGlobal('fetch', answer({ code: 0, msg: 'Scan the code', data: { otpauth: 'otpauth://totp/x', secret: 'S' } }));
    const refused = await staffCall(backofficeCalls.login, { email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StaffApiError);
    expect(refused).toMatchObject({ code: 0, message: 'Scan the code', data: { secret: 'S' } });
    vi.stubGlobal('fetch', answer({ code: 999, msg: 'Please log in again', data: null }));
    await expect(staffCall(backofficeCalls.deposits, { status: 0 })).rejects.toMatchObject({ code: 999 });
    expect(ended).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('failed to fetch');
    }));
    await expect(staffCall(backofficeCalls.me, {})).rejects.toMatchObject({ code: 'network', message: 'net down' });
  });
});
