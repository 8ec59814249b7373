import { refuse } from '../http/refusal';
import { WINDOW_PARTS, type CounterStore, type Slot } from './counters';

/** Past its window a count is kept this much longer, for a node whose clock runs a little behind. */
const CLOCK_SLACK_MS = 1_000;

/**
 * Sliding-window counters, named so several limits share one store (memory for one process, Redis
 * for several nodes): at most `max` attempts in any `windowMs`, to a part of the window.
 *
 * A window is counted in `WINDOW_PARTS` parts aligned to the clock (part n covers
 * [n * partMs, (n + 1) * partMs)), so every node agrees on them without talking, and a part's
 * counts are forgotten whole once it leaves the window. A fixed window let twice the limit through
 * across its edge (a code sent at 00:59 and again at 01:00), where "once a minute" means 60 seconds
 * after the last one.
 */
export class Limiter {
  private readonly partMs: number;

  constructor(
    private readonly name: string,
    private readonly max: number,
    windowMs: number,
    private readonly store: CounterStore,
    private readonly now: () => number = Date.now,
  ) {
    this.partMs = windowMs / WINDOW_PARTS;
  }

  /** Seconds until `key` may act again, or 0 when it may act now. Does not count. */
  async wait(key: string): Promise<number> {
    const at = this.now();
    return this.waitFor(await this.store.read(this.window(key, at)), at);
  }

  /**
   * Counts one attempt and answers as `wait` would have before it: 0 when this attempt is within
   * the limit, else the seconds to wait. The count is one atomic step and the window's earlier
   * parts no longer change, so attempts sent at once, to one node or several, cannot all pass. A
   * refused attempt takes its count back: knocking on while refused does not push the wait on.
   */
  async hit(key: string): Promise<number> {
    const at = this.now();
    const [current, ...earlier] = this.window(key, at);
    const [count, counts] = await Promise.all([
      this.store.count(current!, (current!.part + WINDOW_PARTS) * this.partMs - at + CLOCK_SLACK_MS),
      this.store.read(earlier),
    ]);
    const wait = this.waitFor([count - 1, ...counts], at);
    if (wait > 0) await this.store.decrement(current!);
    return wait;
  }

  /** Takes one count back (an attempt counted up front that turned out to be allowed). */
  refund(key: string): Promise<void> {
    return this.store.decrement(this.window(key, this.now())[0]!);
  }

  reset(key: string): Promise<void> {
    return this.store.delete(this.window(key, this.now()));
  }

  /**
   * 0 under the limit; else the seconds until enough of the oldest counts have left the window
   * for one more attempt. `counts`: the window's parts, the current one first.
   */
  private waitFor(counts: number[], at: number): number {
    let over = counts.reduce((sum, count) => sum + count, 0) - this.max + 1;
    if (over <= 0) return 0;
    const current = Math.floor(at / this.partMs);
    for (let age = counts.length - 1; age >= 0; age--) {
      over -= counts[age]!;
      if (over <= 0) return Math.ceil(((current - age + WINDOW_PARTS) * this.partMs - at) / 1000);
    }
    return 0;
  }

  /** The slots of the window that ends now, the current part first. */
  private window(key: string, at: number): Slot[] {
    const current = Math.floor(at / this.partMs);
    return Array.from({ length: WINDOW_PARTS }, (_, age) => ({ limit: this.name, part: current - age, key }));
  }
}

/**
 * Counts one attempt on every check. When any of them is over its limit the attempt is refused and
 * takes its count back from the others too, which it must not use up; the answer is then the
 * longest wait, else 0.
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
