import type { SnapshotFrom } from 'xstate';
import type { FormProblem } from './form-rules';
import type { Area, IdentifierType } from './identifier';
import type { LoginFields, loginMachine } from './login';

export interface LoginView {
  fields: LoginFields;
  /** Which identifier the form asks for; the tabs show only when mobile is offered. */
  loginType: IdentifierType;
  offersMobile: boolean;
  areas: Area[];
  problem: FormProblem | undefined;
  /** Sent, or signed in and leaving: the button waits. */
  isBusy: boolean;
}

export function connectLogin(snapshot: SnapshotFrom<typeof loginMachine>): LoginView {
  const c = snapshot.context;
  return {
    fields: c.fields,
    loginType: c.loginType,
    offersMobile: c.offersMobile,
    areas: c.areas,
    problem: c.problem,
    isBusy: !snapshot.matches({ form: { filling: 'editing' } }),
  };
}
