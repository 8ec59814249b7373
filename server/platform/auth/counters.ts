/** One count: a limit's name, the number of its clock-aligned window, and whom it counts. */
export interface Slot {
  limit: string;
  window: number;
  key: string;
}

/**
 * Where the Limiter's counts live: this process' memory, or Redis when several nodes must count
 * together. A count belongs to one window, so a store forgets a window whole, never key by key.
 */
export interface CounterStore {
  /** Adds one and answers the new count. `ttlMs`: how long the count must still be found. */
  count(slot: Slot, ttlMs: number): Promise<number>;
  get(slot: Slot): Promise<number>;
  /** Takes one back; a count never goes below zero. */
  decrement(slot: Slot): Promise<void>;
  delete(slot: Slot): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counts in this process: per limit one map, of the current window only, dropped whole when the
 * next window starts. Each call costs the same however many keys an attacker has made (no scan,
 * no per-key expiry). Its work is done before the answer is returned, so no other request runs
 * between a count and the one before it.
 */
export class MemoryCounters implements CounterStore {
  private windows = new Map<string, { window: number; counts: Map<string, number> }>();

  count(slot: Slot): Promise<number> {
    const counts = this.current(slot);
    const count = (counts.get(slot.key) ?? 0) + 1;
    counts.set(slot.key, count);
    return Promise.resolve(count);
  }

  get(slot: Slot): Promise<number> {
    return Promise.resolve(this.current(slot).get(slot.key) ?? 0);
  }

  decrement(slot: Slot): Promise<void> {
    const counts = this.current(slot);
    const count = counts.get(slot.key) ?? 0;
    if (count > 1) counts.set(slot.key, count - 1);
    else counts.delete(slot.key);
    return Promise.resolve();
  }

  delete(slot: Slot): Promise<void> {
    this.current(slot).delete(slot.key);
    return Promise.resolve();
  }

  /** Forgets every count (tests start each case from none). */
  clear(): void {
    this.windows = new Map();
  }

  close(): Promise<void> {
    this.clear();
    return Promise.resolve();
  }

  /** The counts of the slot's window; a new window starts from an empty map. */
  private current({ limit, window }: Slot): Map<string, number> {
    let current = this.windows.get(limit);
    if (current?.window !== window) {
      current = { window, counts: new Map() };
      this.windows.set(limit, current);
    }
    return current.counts;
  }
}
