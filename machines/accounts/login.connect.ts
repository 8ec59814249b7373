import type { SnapshotFrom } from 'xstate';
import type { FormProblem } from './form-rules';
import type { LoginFields, loginMachine } from './login';

export interface LoginView {
  fields: LoginFields;
  problem: FormProblem | undefined;
  /** Sent, or signed in and leaving: the button waits. */
  isBusy: boolean;
}

export function connectLogin(snapshot: SnapshotFrom<typeof loginMachine>): LoginView {
  return { fields: snapshot.context.fields, problem: snapshot.context.problem, isBusy: !snapshot.matches('editing') };
}
