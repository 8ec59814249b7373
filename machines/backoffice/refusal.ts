/**
 * What a refused back-office call tells a machine: the server's readable message, and for a staff
 * member not enrolled yet, the TOTP enrolment the login answer carries.
 */
export interface Enrolment {
  otpauth: string;
  secret: string;
}

/** The message of a refused call (the API client throws Errors carrying the envelope's `msg`). */
export const refusalMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

/** The enrolment of a login refused with `data: {otpauth, secret}`, if that is what it was. */
export function enrolmentOf(error: unknown): Enrolment | undefined {
  const data = (error as { data?: unknown } | null | undefined)?.data as Partial<Enrolment> | null | undefined;
  return typeof data?.otpauth === 'string' && typeof data.secret === 'string' ? { otpauth: data.otpauth, secret: data.secret } : undefined;
}

/**
 * What approving asks for now, when a refusal says so (`data: {approve_note}`): a withdrawal another
 * staff member approved first, since its row was read, now pays and needs the transaction hash.
 */
export function approveNoteOf(error: unknown): 'none' | 'optional' | 'required' | undefined {
  const note = ((error as { data?: unknown } | null | undefined)?.data as { approve_note?: unknown } | null | undefined)?.approve_note;
  return note === 'none' || note === 'optional' || note === 'required' ? note : undefined;
}

/** A line the screen shows after a call: the server's message, good news or a refusal. */
export interface Notice {
  tone: 'done' | 'refused';
  text: string;
}
