import { refuse } from '../http/refusal';
import type { CounterStore, Slot } from './counters';

/** Past its window a count is kept this much longer, for a node whose clock runs a little behind. */
const CLOCK_SLACK_MS = 1_000;

/**
 * Fixed-window counters, named so several limits share one store (memory for one process, Redis
 * for several nodes).
 *
 * Windows are aligned to the clock (window n covers [n * windowMs, (n + 1) * windowMs)), so every
 * node agrees on the window without talking, and a window's counts are forgotten whole when it ends.
 */
export class Limiter {
  constructor(
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly store: CounterStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may act again, or 0 when it may act now. Does not count. */
  async wait(key: string): Promise<number> {
    const at = this.now();
    return this.waitFor(await this.store.get(this.slot(key, at)), at);
  }

  /**
   * Counts one attempt and answers as `wait` would have before it: 0 when this attempt is within
   * the limit, else the seconds to wait. Counting and reading are one step, so attempts sent at
   * once, to one node or several, cannot all pass.
   */
  async hit(key: string): Promise<number> {
    const at = this.now();
    const count = await this.store.count(this.slot(key, at), this.endOf(at) - at + CLOCK_SLACK_MS);
    return this.waitFor(count - 1, at);
  }

  /** Takes one count back (an attempt counted up front that turned out to be allowed). */
  refund(key: string): Promise<void> {
    return this.store.decrement(this.slot(key, this.now()));
  }

  reset(key: string): Promise<void> {
    return this.store.delete(this.slot(key, this.now()));
  }

  private waitFor(count: number, at: number): number {
    return count >= this.max ? Math.ceil((this.endOf(at) - at) / 1000) : 0;
  }

  private endOf(at: number): number {
    return (this.windowOf(at) + 1) * this.windowMs;
  }

  private windowOf(at: number): number {
    return Math.floor(at / this.windowMs);
  }

  private slot(key: string, at: number): Slot {
    return { limit: this.name, window: this.windowOf(at), key };
  }
}

/**
 * Counts one attempt on every check. When any of them is over its limit the attempt is refused and
 * takes its count back from the others, which it must not use up; the answer is then the longest
 * wait, else 0. (A count over its limit may stay there: it refuses until its window ends either way.)
 */
export async function countAttempt(...checks: [Limiter, string][]): Promise<number> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.hit(key)));
  const wait = Math.max(...waits);
  if (wait > 0) await Promise.all(checks.filter((_, i) => waits[i] === 0).map(([limiter, key]) => limiter.refund(key)));
  return wait;
}

/**
 * Counts first and checks the counts that came back, before any look-up: requests sent at once,
 * to one node or several, cannot all pass before the first of them is counted.
 */
export async function takeAttempt(...checks: [Limiter, string][]): Promise<void> {
  refuseWhileWaiting(await countAttempt(...checks));
}

/** Refuses while `wait` seconds remain: a wait of minutes is said in minutes ("try again in 30 minutes"). */
export function refuseWhileWaiting(wait: number): void {
  if (wait > 120) refuse('rate_limited_minutes', { minutes: Math.ceil(wait / 60) });
  if (wait > 0) refuse('rate_limited', { seconds: wait });
}
