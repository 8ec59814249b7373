import type { SnapshotFrom } from 'xstate';
import type { FormProblem } from './form-rules';
import type { ResetFields, passwordResetMachine } from './password-reset';

type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

export interface PasswordResetView {
  fields: ResetFields;
  problem: FormProblem | undefined;
  isSubmitting: boolean;
  /** The send-code button's countdown. */
  countdown: ResetSnapshot['children']['countdown'];
}

export function connectPasswordReset(snapshot: ResetSnapshot): PasswordResetView {
  return {
    fields: snapshot.context.fields,
    problem: snapshot.context.problem,
    isSubmitting: snapshot.matches('submitting'),
    countdown: snapshot.children.countdown,
  };
}
