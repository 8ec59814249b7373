/**
 * Fixed-window counters in memory: enough for one server process. With several nodes this moves
 * to Redis behind the same two methods.
 */
export class Limiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may act again, or 0 when it may act now. Does not count. */
  wait(key: string): number {
    const w = this.current(key);
    return w && w.count >= this.max ? Math.ceil((w.start + this.windowMs - this.now()) / 1000) : 0;
  }

  hit(key: string): void {
    const w = this.current(key);
    if (w) w.count += 1;
    else this.windows.set(key, { start: this.now(), count: 1 });
    if (this.windows.size > 100_000) this.sweep();
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  clear(): void {
    this.windows.clear();
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && this.now() - w.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep() {
    for (const key of this.windows.keys()) this.current(key);
  }
}
