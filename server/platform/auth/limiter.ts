/**
 * Fixed-window counters in memory: enough for one server process. With several nodes this moves
 * to Redis behind the same methods.
 *
 * Windows are aligned to the clock (window n covers [n * windowMs, (n + 1) * windowMs)), so one map
 * holds every count of the current window and is dropped whole when the next one starts: each call
 * costs the same however many keys an attacker has made (no scan, no per-key expiry).
 */
export class Limiter {
  private counts = new Map<string, number>();
  private window = -1;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may act again, or 0 when it may act now. Does not count. */
  wait(key: string): number {
    const count = this.current().get(key) ?? 0;
    return count >= this.max ? Math.ceil(((this.window + 1) * this.windowMs - this.now()) / 1000) : 0;
  }

  hit(key: string): void {
    const counts = this.current();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  /** Takes one count back (an attempt counted up front that turned out to be allowed). */
  refund(key: string): void {
    const counts = this.current();
    const count = counts.get(key) ?? 0;
    if (count > 1) counts.set(key, count - 1);
    else counts.delete(key);
  }

  reset(key: string): void {
    this.current().delete(key);
  }

  clear(): void {
    this.counts = new Map();
  }

  /** The counts of the window `now` falls in; a new window starts from an empty map. */
  private current(): Map<string, number> {
    const window = Math.floor(this.now() / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    return this.counts;
  }
}
