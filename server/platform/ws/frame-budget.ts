/**
 * A token bucket for one socket: up to `burst` frames at once, then `perSecond` on average. Its cost
 * is constant, and a socket spends only its own budget, never anyone else's.
 */
export class FrameBudget {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Spends one frame's worth; false when the budget is gone. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
