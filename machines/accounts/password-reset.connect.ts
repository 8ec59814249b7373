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
  /** Where a change's code goes: the email, or the mobile with its area's dial code once the areas are known. */
  codeTo: string;
}

function codeTarget(c: ResetSnapshot['context']): string {
  if (c.resetType !== 'mobile') return c.fields.account;
  const area = c.areas.find((a) => String(a.id) === c.fields.area_id);
  // After the dial code, the number without its national trunk zero, as the text is sent (+44 7700…, not +44 07700…).
  return area ? `+${area.global_code} ${c.fields.mobile.replace(/^0+/, '')}` : c.fields.mobile;
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
    codeTo: codeTarget(c),
  };
}
