import { BACKOFFICE_PAGE, backofficeCalls as calls, type StaffRole } from '../../contract/backoffice';
import { findTrader, traderOf } from '../accounts/accounts';
import { openFeedback } from '../content/content';
import type { Deps } from '../deps';
import * as funds from '../funds/funds';
import { approveIdentity, pendingIdentity, rejectIdentity, reopenIdentity } from '../identity/identity';
import { Refusal, refuse } from '../platform/http/refusal';
import type { Tx } from '../platform/store/open';
import type { Uploads } from '../uploads/uploads';
import { approveAdjustment, pendingAdjustments, rejectAdjustment, requestAdjustment } from './adjustments';
import { audit, auditPage } from './audit';
import { adjustmentItems, depositItems, identityItems, withdrawalItems, type MarginInUse } from './queues';
import { createStaff, listStaff, resetStaffAuthenticator, staffLogin, staffLogout, staffView, updateStaff } from './staff';
import { staffRouting } from './staff-route';
import { otpauthUri } from './totp';
import { loginAttempt } from '../platform/auth/limits';

/**
 * The back-office API. Every call checks the staff member's role; every action writes its audit row
 * in the same transaction as the change, and the trader hears of each outcome by email.
 */
export function backofficeRoutes({ app, db, mailer, settings, limits }: Deps, uploads: Uploads, marginInUse: MarginInUse): void {
  const { staffRoute, decide } = staffRouting({ app, db });
  /** A reason staff wrote as a sentence, set inside the mail's own ("...: {reason}. You can..."): one full stop, not two. */
  const inSentence = (reason: string) => reason.trim().replace(/[.。．!！]+$/u, '');
  const tell = async (userId: number, lang: string, subject: funds.Notice['subject'], body: funds.Notice['body'], params: funds.Notice['params']) => {
    const to = (await traderOf(db, userId))?.email ?? null;
    await funds.sendNotice(mailer, { to, lang, subject, body, params }, (error) => app.log.error({ err: error }, 'back-office email failed'));
  };

  staffRoute(calls.login, 'any', async (input: { email: string; password: string; otp?: string }, ctx) => {
    // Counted before the hash and the code.
    const attempt = loginAttempt([limits.staffLoginPerAccountAddress, limits.staffLoginPerAccount, limits.staffLoginPerAddress], input.email.toLowerCase(), ctx.ip);
    await attempt.take();
    const { token, member } = await staffLogin(db, input.email, input.password, input.otp).catch(async (error: unknown) => {
      // The enrolment answer follows a right password and no code: not a guess, so it costs no attempt.
      if (error instanceof Refusal && error.key === 'staff_enrol') {
        await attempt.refund();
      }
      throw error;
    });
    await attempt.succeeded();
    await audit(db, { staffId: member.id, action: 'staff.login', target: `staff:${member.id}`, ip: ctx.ip });
    return { token, staff: staffView(member) };
  });
  staffRoute(calls.logout, 'any', async (_input, ctx) => {
    await staffLogout(db, ctx.token!);
    await audit(db, { staffId: ctx.staffId, action: 'staff.logout', target: `staff:${ctx.staffId}`, ip: ctx.ip });
    return null;
  });
  staffRoute(calls.me, 'any', async (_input, ctx) => staffView({ id: ctx.staffId, email: ctx.email, role: ctx.role }));
  staffRoute(calls.pending, 'any', async (_input, ctx) => {
    const money = ctx.role === 'finance' || ctx.role === 'admin';
    const identity = ctx.role === 'compliance' || ctx.role === 'admin';
    const [deposits, withdrawals, adjustments, checks, feedback] = await Promise.all([
      money ? funds.pendingDeposits(db) : undefined,
      money ? funds.pendingWithdrawals(db) : undefined,
      money ? pendingAdjustments(db) : undefined,
      identity ? pendingIdentity(db) : undefined,
      ctx.role === 'admin' ? openFeedback(db) : undefined,
    ]);
    // The menu counts every withdrawal waiting for staff; the queue's filter tells the two kinds apart.
    return { deposits, withdrawals: withdrawals && withdrawals.waiting + withdrawals.approved, second_approvals: withdrawals?.approved, adjustments, identity: checks, feedback };
  });

  /** A queue narrowed to one trader: none found, nothing listed. */
  type QueueQuery<S> = { status: S; trader?: string; page: number; limit?: number };
  const ofTrader = async <T>(q: QueueQuery<unknown>, list: (userId: number | undefined) => Promise<{ data: T[]; total: number }>) => {
    if (!q.trader) return list(undefined);
    const trader = await findTrader(db, q.trader);
    return trader ? list(trader.id) : { data: [], total: 0 };
  };

  staffRoute(calls.deposits, ['finance'], async (q: QueueQuery<number>) =>
    ofTrader(q, (userId) => depositItems(db, uploads, marginInUse, q.status, q.page, q.limit ?? BACKOFFICE_PAGE, userId)));
  staffRoute(calls.approveDeposit, ['finance'], async (q: { id: number; reference?: string }, ctx) => {
    const { after } = await decide(ctx, 'deposit.approve', `deposit:${q.id}`, null, (tx) => funds.approveDeposit(tx, q.id, ctx.staffId, q.reference));
    void tell(after.userId, after.lang, 'mail_deposit_subject', 'mail_deposit_approved', funds.requestParams(after.id, after.amount));
    return null;
  });
  staffRoute(calls.rejectDeposit, ['finance'], async (q: { id: number; reason: string }, ctx) => {
    const { after } = await decide(ctx, 'deposit.reject', `deposit:${q.id}`, q.reason, (tx) => funds.rejectDeposit(tx, q.id, ctx.staffId, q.reason));
    void tell(after.userId, after.lang, 'mail_deposit_subject', 'mail_deposit_rejected', { ...funds.requestParams(after.id, after.amount), reason: inSentence(q.reason) });
    return null;
  });

  staffRoute(calls.withdrawals, ['finance'], async (q: QueueQuery<funds.WithdrawalRow['status']>) =>
    ofTrader(q, (userId) => withdrawalItems(db, marginInUse, settings.fourEyesThreshold, q.status as never, q.page, q.limit ?? BACKOFFICE_PAGE, userId)));
  staffRoute(calls.approveWithdrawal, ['finance'], async (q: { id: number; txid?: string }, ctx) => {
    // The first of two approvals and the one that pays are told apart in the audit log.
    const { after } = await decide(ctx, ({ after: a }) => (a.status === 'paid' ? 'withdrawal.pay' : 'withdrawal.approve'), `withdrawal:${q.id}`, null,
      (tx: Tx) => funds.payWithdrawal(tx, q.id, ctx.staffId, q.txid, settings.fourEyesThreshold));
    if (after.status === 'paid') void tell(after.userId, after.lang, 'mail_withdraw_subject', 'mail_withdraw_paid', { ...funds.requestParams(after.id, after.amount), txid: after.txid ?? '' });
    return { status: after.status as 'paid' | 'approved' };
  });
  staffRoute(calls.rejectWithdrawal, ['finance'], async (q: { id: number; reason: string }, ctx) => {
    const { after } = await decide(ctx, 'withdrawal.reject', `withdrawal:${q.id}`, q.reason, (tx) => funds.rejectWithdrawal(tx, q.id, ctx.staffId, q.reason));
    void tell(after.userId, after.lang, 'mail_withdraw_subject', 'mail_withdraw_rejected', { ...funds.requestParams(after.id, after.amount), reason: inSentence(q.reason) });
    return null;
  });

  staffRoute(calls.identity, ['compliance'], async (q: QueueQuery<number>) =>
    ofTrader(q, (userId) => identityItems(db, uploads, q.status, q.page, q.limit ?? BACKOFFICE_PAGE, userId)));
  staffRoute(calls.approveIdentity, ['compliance'], async (q: { user_id: number; attempt?: number }, ctx) => {
    const { after } = await decide(ctx, 'identity.approve', `user:${q.user_id}`, null, (tx) => approveIdentity(tx, { userId: q.user_id, attempt: q.attempt }, ctx.staffId));
    void tell(after.userId, after.lang, 'mail_identity_subject', 'mail_identity_approved', {});
    return null;
  });
  staffRoute(calls.rejectIdentity, ['compliance'], async (q: { user_id: number; attempt?: number; reason: string }, ctx) => {
    const { after } = await decide(ctx, 'identity.reject', `user:${q.user_id}`, q.reason, (tx) => rejectIdentity(tx, { userId: q.user_id, attempt: q.attempt }, ctx.staffId, q.reason));
    void tell(after.userId, after.lang, 'mail_identity_subject', 'mail_identity_rejected', { reason: inSentence(q.reason) });
    return null;
  });
  staffRoute(calls.reopenIdentity, ['compliance'], async (q: { user_id: number; attempt?: number }, ctx) => {
    await decide(ctx, 'identity.reopen', `user:${q.user_id}`, null, (tx) => reopenIdentity(tx, { userId: q.user_id, attempt: q.attempt }));
    return null;
  });

  staffRoute(calls.createStaff, ['admin'], async (q: { email: string; password: string; role: StaffRole }, ctx) => {
    const created = await decide(ctx, 'staff.create', (made) => `staff:${made.id}`, null,
      async (tx: Tx) => ({ ...(await createStaff(tx, q.email, q.password, q.role)), after: { email: q.email, role: q.role } }));
    return { id: created.id, totp_secret: created.secret, otpauth: otpauthUri(q.email, created.secret) };
  });
  staffRoute(calls.staffList, ['admin'], async () =>
    (await listStaff(db)).map((s) => ({ ...staffView(s), active: s.active })));
  staffRoute(calls.updateStaff, ['admin'], async (q: { id: number; role: StaffRole; active: 0 | 1 }, ctx) =>
    (await decide(ctx, 'staff.update', `staff:${q.id}`, null, (tx) => updateStaff(tx, ctx.staffId, q.id, { role: q.role, active: q.active === 1 }))).after);
  staffRoute(calls.resetStaffAuthenticator, ['admin'], async (q: { id: number }, ctx) => {
    const { after, secret } = await decide(ctx, 'staff.reset_authenticator', `staff:${q.id}`, null, (tx) => resetStaffAuthenticator(tx, ctx.staffId, q.id));
    return { totp_secret: secret, otpauth: otpauthUri(after.email, secret) };
  });

  staffRoute(calls.adjust, ['finance'], async (q: { user_id: number; amount: number; reason: string }, ctx) => {
    const trader = (await traderOf(db, q.user_id)) ?? refuse('trader_unknown');
    // A demo account's money is play money: real entries have no place in its books.
    if (trader.isDemo) refuse('adjust_demo');
    // Audited under the request's own id, as its approval or rejection is; the trader is in `after`.
    const row = await decide(ctx, 'adjustment.request', (made) => `adjustment:${made.after.id}`, q.reason, async (tx: Tx) => {
      const after = await requestAdjustment(tx, ctx.staffId, q.user_id, q.amount, q.reason);
      return { after };
    });
    return { id: row.after.id };
  });
  staffRoute(calls.adjustments, ['finance'], async (q: { status: string; page: number; limit?: number }) =>
    adjustmentItems(db, marginInUse, q.status, q.page, q.limit ?? BACKOFFICE_PAGE));
  staffRoute(calls.approveAdjustment, ['finance'], async (q: { id: number }, ctx) => {
    await decide(ctx, 'adjustment.approve', `adjustment:${q.id}`, null, (tx) => approveAdjustment(tx, q.id, ctx.staffId));
    return null;
  });
  staffRoute(calls.rejectAdjustment, ['finance'], async (q: { id: number; reason: string }, ctx) => {
    await decide(ctx, 'adjustment.reject', `adjustment:${q.id}`, q.reason, (tx) => rejectAdjustment(tx, q.id, ctx.staffId));
    return null;
  });

  staffRoute(calls.audit, ['admin'], async (q: { staff_id?: number; staff_email?: string; action?: string; target?: string; page: number; limit?: number }) =>
    auditPage(db, { staffId: q.staff_id, staffEmail: q.staff_email, action: q.action, target: q.target }, q.page, q.limit ?? BACKOFFICE_PAGE));
}
