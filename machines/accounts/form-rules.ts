import { regexes } from 'zod/mini';

/**
 * Client-side form rules of spec section 5. Each answers the message key of the first problem,
 * or undefined. The server checks again; these only spare a round trip.
 */
export type FormProblem =
  | 'account_required'
  | 'email_invalid'
  | 'password_required'
  | 'password_short'
  | 'input_full'
  | 'passwords_not_equal'
  | 'code_required'
  | 'area_required'
  | 'mobile_required'
  | 'mobile_invalid';

// The contract's own rule (zod's), so an address that passes here is never refused by the server.
const EMAIL = regexes.email;

export const MIN_PASSWORD = 6;

/** A national number: digits only; the area's global code is chosen apart. */
const MOBILE = /^\d{4,20}$/;

/** Registration and login by mobile (modes 1 and 3): an area and a plausible number. */
export function mobileProblem(areaId: string, mobile: string): FormProblem | undefined {
  if (areaId === '') return 'area_required';
  if (mobile.trim() === '') return 'mobile_required';
  if (!MOBILE.test(mobile.trim())) return 'mobile_invalid';
  return undefined;
}

export function emailProblem(email: string): FormProblem | undefined {
  if (email.trim() === '') return 'account_required';
  if (!EMAIL.test(email.trim())) return 'email_invalid';
  return undefined;
}

export function loginProblem(f: { account: string; password: string }): FormProblem | undefined {
  return emailProblem(f.account) ?? (f.password === '' ? 'password_required' : undefined);
}

/** Two password fields: both filled, long enough, equal. */
export function passwordPairProblem(first: string, second: string): FormProblem | undefined {
  if (first === '' || second === '') return 'input_full';
  if (first.length < MIN_PASSWORD) return 'password_short';
  if (first !== second) return 'passwords_not_equal';
  return undefined;
}
