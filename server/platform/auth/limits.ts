import { MemoryCounters, type CounterStore } from './counters';
import { Limiter, takeAttempt } from './limiter';

const MINUTE = 60_000;

/**
 * Limits per account and per address; each refusal names how long to wait. The store decides who
 * shares the counts: this process alone (memory) or every node (`openCounterStore(REDIS_URL)`).
 * The names are the counters' keys in the store: renaming one starts its counts from zero.
 */
export function createLimits(store: CounterStore = new MemoryCounters()) {
  const limiter = (name: string, max: number, windowMs: number) => new Limiter(name, max, windowMs, store);
  return {
    /** Wrong logins to one account from one address: the lock a guesser meets (`accountAt`). */
    loginPerAccountAddress: limiter('login-account-address', 5, 15 * MINUTE),
    /**
     * Wrong logins to one account from every address: guesses spread over many. Well above the one
     * above, so a stranger's five guesses never lock the owner out from their own address; a password
     * reset by its emailed or texted code lifts it.
     */
    loginPerAccount: limiter('login-account', 20, 15 * MINUTE),
    loginPerAddress: limiter('login-address', 30, 15 * MINUTE),
    /**
     * Socket logins refused (a token unknown or ended), from one address: a screen reconnecting
     * logs in once with a good token, so a few a minute is plenty, and a client opening socket
     * after socket to try tokens stops costing a store lookup each.
     */
    socketLoginFailuresPerAddress: limiter('ws-login-fail-address', 20, MINUTE),
    /** Staff: a password and a 6-digit code to guess, so fewer tries than a trader's. */
    staffLoginPerAccountAddress: limiter('staff-login-account-address', 5, 15 * MINUTE),
    staffLoginPerAccount: limiter('staff-login-account', 20, 15 * MINUTE),
    staffLoginPerAddress: limiter('staff-login-address', 20, 15 * MINUTE),
    codePerEmail: limiter('code-email', 1, MINUTE),
    codePerEmailHourly: limiter('code-email-hourly', 5, 60 * MINUTE),
    codePerAddress: limiter('code-address', 20, 60 * MINUTE),
    /** New demo accounts: a device needs one a month, a shared address a few an hour. */
    demoPerAddress: limiter('demo-address', 30, 60 * MINUTE),
    /**
     * Sessions of a demo account that exists, per account: its device coming back is never held up
     * by the new visitors of a shared address (an office, a carrier's NAT).
     */
    demoSessionsPerAccount: limiter('demo-sessions-account', 30, 60 * MINUTE),
    feedbackPerAddress: limiter('feedback-address', 10, 60 * MINUTE),
    /** Pictures kept on disk: a trader's ID and deposit proofs, with retries, are a few an hour. */
    uploadPerAccount: limiter('upload-account', 30, 60 * MINUTE),
  };
}

export type Limits = ReturnType<typeof createLimits>;

/** The key of an account's attempts from one address. */
const accountAt = (account: string, address: string): string => `${account}|${address}`;

/**
 * One login to `account` from `address` (a trader's or a staff member's), counted on its three
 * limits: the account from this address, the account from every address, and the address.
 */
export function loginAttempt([perPair, perAccount, perAddress]: [Limiter, Limiter, Limiter], account: string, address: string) {
  const pair = accountAt(account, address);
  return {
    /** Counted before the slow hash, so logins sent at once cannot all pass. */
    take: () => takeAttempt([perPair, pair], [perAccount, account], [perAddress, address]),
    /** A success clears the account's counts and gives the address its count back. */
    succeeded: () => Promise.all([perPair.reset(pair), perAccount.reset(account), perAddress.refund(address)]),
    /** An answer that was no guess (staff's enrolment): every count back. */
    refund: () => Promise.all([perPair.refund(pair), perAccount.refund(account), perAddress.refund(address)]),
    /** The account proved theirs (a password reset by its code): others' guesses no longer keep it locked. */
    lift: () => Promise.all([perPair.reset(pair), perAccount.reset(account)]),
  };
}
