import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { backofficeCalls as calls, backofficeSiteCalls as siteCalls, type AdjustmentItem, type DepositItem, type IdentityItem, type WithdrawalItem } from '../../contract/backoffice';
import type { WithdrawStatus } from '../../contract/funds';
import { adjustmentRequestMachine } from '../../machines/backoffice/adjustment-request';
import { auditLogMachine } from '../../machines/backoffice/audit-log';
import { pendingCountsMachine, type PendingEvent } from '../../machines/backoffice/pending-counts';
import { reviewQueue, type QueueInput } from '../../machines/backoffice/review-queue';
import { staffAdminMachine } from '../../machines/backoffice/staff-admin';
import { staffLoginMachine, type LoginOutcome } from '../../machines/backoffice/staff-login';
import { enrolmentOf, refusalMessage } from '../../machines/backoffice/refusal';
import { staffSessionMachine } from '../../machines/backoffice/staff-session';
import { staffCall } from './api';

/** The back-office machines with their I/O bound to the back-office API. */

/** Said on the page whenever a decision or a new request changed a queue: the menu's counts follow. */
const QUEUE_CHANGED = 'backoffice:queue-changed';
export const changesQueue = async <T>(work: Promise<T>): Promise<T> => {
  const result = await work;
  window.dispatchEvent(new Event(QUEUE_CHANGED));
  return result;
};

export const pendingCountsFlow = pendingCountsMachine.provide({
  actors: {
    loadCounts: fromPromise(async () => (await staffCall(calls.pending, {})).data),
    queueChanges: fromCallback<PendingEvent>(({ sendBack }) => {
      const changed = () => sendBack({ type: 'PENDING.REFRESH' });
      window.addEventListener(QUEUE_CHANGED, changed);
      return () => window.removeEventListener(QUEUE_CHANGED, changed);
    }),
  },
});

export const staffSessionFlow = (persist: (token: string | undefined) => void) =>
  staffSessionMachine.provide({
    actors: {
      whoAmI: fromPromise(async ({ input }) => (await staffCall(calls.me, {}, { token: input.token })).data),
      logoutRequest: fromPromise(async () => {
        await staffCall(calls.logout, {});
      }),
    },
    actions: { persist: (_, { token }) => persist(token) },
  });

export type StaffSessionActor = ActorRefFrom<ReturnType<typeof staffSessionFlow>>;

export const staffLoginFlow = (session: StaffSessionActor) =>
  staffLoginMachine.provide({
    actors: {
      login: fromPromise(async ({ input }): Promise<LoginOutcome> => {
        try {
          return { signedIn: (await staffCall(calls.login, input)).data };
        } catch (error) {
          // Not enrolled yet: the refusal carries the TOTP enrolment to show.
          const enrolment = enrolmentOf(error);
          if (enrolment) return { enrolment, message: refusalMessage(error) };
          throw error;
        }
      }),
    },
    actions: { signedIn: (_, { token, staff }) => session.send({ type: 'SESSION.START', token, staff }) },
  });

export type DepositStatus = DepositItem['status'];
export type IdentityRow = IdentityItem & { id: number };
export type IdentityStatus = IdentityItem['review_status'];
export type AdjustmentStatus = AdjustmentItem['status'];

export const depositsQueue = reviewQueue<DepositItem, DepositStatus>().provide({
  actors: {
    loadPage: fromPromise(async ({ input }) => {
      const { data } = await staffCall(calls.deposits, input);
      return { items: data.data, total: data.total };
    }),
    decide: fromPromise(async ({ input: { id, decision, note } }) => ({
      message: (await changesQueue(decision === 'approve'
        ? staffCall(calls.approveDeposit, { id, reference: note || undefined })
        : staffCall(calls.rejectDeposit, { id, reason: note }))).msg,
    })),
  },
});
export const depositsInput: QueueInput<DepositStatus> = { status: 0, actionable: [0], approveNote: 'optional', searchable: true };

export const withdrawalsQueue = reviewQueue<WithdrawalItem, WithdrawStatus>().provide({
  actors: {
    loadPage: fromPromise(async ({ input }) => {
      const { data } = await staffCall(calls.withdrawals, input);
      // The first of two approvals pays nothing: no transaction hash yet.
      const firstOfTwo = (w: WithdrawalItem) => w.needs_two && w.status === 'waiting';
      return { items: data.data.map((w) => ({ ...w, approveNote: firstOfTwo(w) ? 'none' as const : 'required' as const })), total: data.total };
    }),
    decide: fromPromise(async ({ input: { id, decision, note } }) => {
      if (decision === 'reject') return { message: (await changesQueue(staffCall(calls.rejectWithdrawal, { id, reason: note }))).msg };
      const { data, msg } = await changesQueue(staffCall(calls.approveWithdrawal, { id, txid: note || undefined }));
      return { message: msg, status: data.status };
    }),
  },
});
export const withdrawalsInput: QueueInput<WithdrawStatus> = { status: 'waiting', actionable: ['waiting', 'approved'], approveNote: 'required', searchable: true };

/** Identity checks are the trader's: their row's id is the user id. */
export const identityQueue = reviewQueue<IdentityRow, IdentityStatus>().provide({
  actors: {
    loadPage: fromPromise(async ({ input }) => {
      const { data } = await staffCall(calls.identity, input);
      return { items: data.data.map((item) => ({ ...item, id: item.user_id, version: item.attempts })), total: data.total };
    }),
    decide: fromPromise(async ({ input: { id, decision, note, version } }) => ({
      message: (await changesQueue(decision === 'approve'
        ? staffCall(calls.approveIdentity, { user_id: id, attempt: version })
        : decision === 'reopen'
          ? staffCall(calls.reopenIdentity, { user_id: id, attempt: version })
          : staffCall(calls.rejectIdentity, { user_id: id, attempt: version, reason: note }))).msg,
    })),
  },
});
export const identityInput: QueueInput<IdentityStatus> = { status: 1, actionable: [1], reopenable: [3], approveNote: 'none', searchable: true };

export const adjustmentsQueue = reviewQueue<AdjustmentItem, AdjustmentStatus>().provide({
  actors: {
    loadPage: fromPromise(async ({ input }) => {
      const { data } = await staffCall(calls.adjustments, input);
      return { items: data.data, total: data.total };
    }),
    decide: fromPromise(async ({ input: { id, decision, note } }) => ({
      message: (await changesQueue(decision === 'approve'
        ? staffCall(calls.approveAdjustment, { id })
        : staffCall(calls.rejectAdjustment, { id, reason: note }))).msg,
    })),
  },
});
export const adjustmentsInput: QueueInput<AdjustmentStatus> = { status: 'pending', actionable: ['pending'], approveNote: 'none' };

/** A new adjustment refreshes the pending list beside it. */
export const adjustmentRequestFlow = (queue: { send: (event: { type: 'QUEUE.REFRESH' }) => void }) =>
  adjustmentRequestMachine.provide({
    actors: {
      request: fromPromise(async ({ input: { trader, amount, reason } }) => {
        // Whoever the staff member named (id, UID, email or phone), found as the trader look-up finds them.
        const { id: user_id } = (await staffCall(siteCalls.trader, { q: trader })).data;
        const { data, msg } = await changesQueue(staffCall(calls.adjust, { user_id, amount, reason }));
        return { id: data.id, message: msg };
      }),
    },
    actions: { requested: () => queue.send({ type: 'QUEUE.REFRESH' }) },
  });

export const staffAdminFlow = staffAdminMachine.provide({
  actors: {
    loadStaff: fromPromise(async () => (await staffCall(calls.staffList, {})).data),
    createStaff: fromPromise(async ({ input }) => (await staffCall(calls.createStaff, input)).data),
    changeMember: fromPromise(async ({ input }) => {
      if (input.kind === 'update') return { message: (await staffCall(calls.updateStaff, { id: input.id, role: input.role, active: input.active ? 1 : 0 })).msg };
      const { msg, data } = await staffCall(calls.resetStaffAuthenticator, { id: input.id });
      return { message: msg, enrolment: data };
    }),
  },
});

export const auditLogFlow = auditLogMachine.provide({
  actors: {
    loadPage: fromPromise(async ({ input }) => {
      const { data } = await staffCall(calls.audit, input);
      return { items: data.data, total: data.total };
    }),
  },
});
