import { Limiter } from './limiter';

const MINUTE = 60_000;

/** Limits per account and per address; each refusal names how long to wait. */
export function createLimits() {
  return {
    loginPerAccount: new Limiter(5, 15 * MINUTE),
    loginPerAddress: new Limiter(30, 15 * MINUTE),
    codePerEmail: new Limiter(1, MINUTE),
    codePerEmailHourly: new Limiter(5, 60 * MINUTE),
    codePerAddress: new Limiter(20, 60 * MINUTE),
    /** Demo accounts and demo sessions: a device needs one a month, a shared address a few an hour. */
    demoPerAddress: new Limiter(30, 60 * MINUTE),
    feedbackPerAddress: new Limiter(10, 60 * MINUTE),
  };
}

export type Limits = ReturnType<typeof createLimits>;
