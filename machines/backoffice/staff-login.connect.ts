import type { SnapshotFrom } from 'xstate';
import type { Enrolment } from './refusal';
import type { StaffLoginFields, StaffLoginProblem, staffLoginMachine } from './staff-login';

export interface StaffLoginView {
  fields: StaffLoginFields;
  problem: StaffLoginProblem | undefined;
  /** Shown as a QR code (and its secret as text) until the first login with a code. */
  enrolment: Enrolment | undefined;
  refusal: string | undefined;
  isBusy: boolean;
}

export function connectStaffLogin(snapshot: SnapshotFrom<typeof staffLoginMachine>): StaffLoginView {
  const { fields, problem, enrolment, refusal } = snapshot.context;
  return {
    fields,
    problem,
    enrolment: snapshot.matches('enrolling') || snapshot.matches('submitting') ? enrolment : undefined,
    refusal,
    isBusy: snapshot.matches('submitting') || snapshot.matches('done'),
  };
}
