import { LEASE_MS, type Leadership } from './leadership';

/** How often a standby looks whether the lead is free, and a leader renews its lease. */
export const SEAT_TICK_MS = 500;

export interface SeatHandlers {
  /** This node now leads: start the engine (load, evaluate the last tick, answer commands). */
  lead(): Promise<void>;
  /** The lead went to another node (this one was paused past its lease, or cut off): stand down. */
  lose(): Promise<void>;
  log(message: string, error?: unknown): void;
}

/**
 * A node's seat at the engine in a cluster: standby until the lease is free, then active until it
 * loses the lease or stops. A planned stop releases the lease at once; `nudge` makes a standby look
 * now (another node said it released), so a handover takes one look instead of a lease.
 */
export class EngineSeat {
  private readonly timer: NodeJS.Timeout;
  private busy = false;
  private stopped = false;
  private lastRenew = 0;

  constructor(private readonly leadership: Leadership, private readonly handlers: SeatHandlers) {
    this.timer = setInterval(() => void this.look(), SEAT_TICK_MS);
    this.timer.unref();
    void this.look();
  }

  get active(): boolean {
    return this.leadership.epoch !== undefined;
  }

  nudge(): void {
    if (!this.active) void this.look();
  }

  private async look(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      if (!this.active) {
        if (await this.leadership.campaign()) await this.takeOver();
      } else if (Date.now() - this.lastRenew >= LEASE_MS / 3) {
        this.lastRenew = Date.now();
        if (!(await this.leadership.renew())) {
          this.handlers.log('the engine lease was taken over by another node: standing by');
          await this.handlers.lose();
        }
      }
    } catch (error) {
      this.handlers.log('engine seat: the store did not answer', error);
    } finally {
      this.busy = false;
    }
  }

  private async takeOver(): Promise<void> {
    const started = Date.now();
    // Loading can outlast a lease (a first start back-fills the market): it is renewed meanwhile.
    const renewing = setInterval(() => void this.leadership.renew().catch(() => {}), LEASE_MS / 3);
    try {
      await this.handlers.lead();
      this.handlers.log(`leading the engine (epoch ${this.leadership.epoch}), ready in ${Date.now() - started} ms`);
    } catch (error) {
      clearInterval(renewing);
      this.handlers.log('could not start the engine: giving the lead back', error);
      await this.handlers.lose().catch(() => {});
      await this.leadership.release();
    } finally {
      clearInterval(renewing);
      this.lastRenew = Date.now();
    }
  }

  /** A planned stop: stand down and end the lease now, so a standby takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    while (this.busy) await new Promise((resolve) => setTimeout(resolve, 10));
    if (!this.active) return;
    await this.handlers.lose();
    await this.leadership.release();
  }
}
