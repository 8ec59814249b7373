import type { SnapshotFrom } from 'xstate';
import type { FormProblem } from './form-rules';
import type { Area, IdentifierType } from './identifier';
import type { ResetFields, passwordResetMachine } from './password-reset';

type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

export interface PasswordResetView {
  fields: ResetFields;
  /** Which identifier names the account: the form asks for it (forgot) or says where the code goes (change). */
  resetType: IdentifierType;
  /** The email and mobile tabs show (a visitor, where phone accounts are offered). */
  offersChoice: boolean;
  areas: Area[];
  problem: FormProblem | undefined;
  isSubmitting: boolean;
  /** The send-code button's countdown. */
  countdown: ResetSnapshot['children']['countdown'];
}

export function connectPasswordReset(snapshot: ResetSnapshot): PasswordResetView {
  const c = snapshot.context;
  return {
    fields: c.fields,
    resetType: c.resetType,
    offersChoice: c.mode === 'forgot' && c.offersMobile,
    areas: c.areas,
    problem: c.problem,
    isSubmitting: snapshot.matches({ form: 'submitting' }),
    countdown: snapshot.children.countdown,
  };
}
