/**
 * How many parts a limit's window is counted in. The window slides a part at a time: an attempt
 * is counted in the part of the clock it falls in, and the parts of the last window are summed.
 */
export const WINDOW_PARTS = 20;

/** One count: a limit's name, the number of its clock-aligned part, and whom it counts. */
export interface Slot {
  limit: string;
  part: number;
  key: string;
}

/**
 * Where the Limiter's counts live: this process' memory, or Redis when several nodes must count
 * together. A count belongs to one part of a window, so a store forgets a part whole, never key by key.
 */
export interface CounterStore {
  /** Adds one and answers the new count. `ttlMs`: how long the count must still be found. */
  count(slot: Slot, ttlMs: number): Promise<number>;
  /** The counts of several slots, in their order. */
  read(slots: Slot[]): Promise<number[]>;
  /** Takes one back; a count never goes below zero. */
  decrement(slot: Slot): Promise<void>;
  delete(slots: Slot[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counts in this process: per limit one map for each part of its window, the oldest dropped whole
 * when a part past the window starts. Each call costs the same however many keys an attacker has
 * made (no scan, no per-key expiry). Its work is done before the answer is returned, so no other
 * request runs between a count and the one before it.
 */
export class MemoryCounters implements CounterStore {
  private limits = new Map<string, Map<number, Map<string, number>>>();

  count(slot: Slot): Promise<number> {
    const counts = this.part(slot, true)!;
    const count = (counts.get(slot.key) ?? 0) + 1;
    counts.set(slot.key, count);
    return Promise.resolve(count);
  }

  read(slots: Slot[]): Promise<number[]> {
    return Promise.resolve(slots.map((slot) => this.part(slot)?.get(slot.key) ?? 0));
  }

  decrement(slot: Slot): Promise<void> {
    const counts = this.part(slot);
    const count = counts?.get(slot.key) ?? 0;
    if (count > 1) counts!.set(slot.key, count - 1);
    else counts?.delete(slot.key);
    return Promise.resolve();
  }

  delete(slots: Slot[]): Promise<void> {
    for (const slot of slots) this.part(slot)?.delete(slot.key);
    return Promise.resolve();
  }

  /** Forgets every count (tests start each case from none). */
  clear(): void {
    this.limits = new Map();
  }

  close(): Promise<void> {
    this.clear();
    return Promise.resolve();
  }

  /** The counts of the slot's part; made when `create`, the oldest part dropped once a window's worth are kept. */
  private part({ limit, part }: Slot, create = false): Map<string, number> | undefined {
    let parts = this.limits.get(limit);
    if (!parts) this.limits.set(limit, (parts = new Map()));
    let counts = parts.get(part);
    if (!counts && create) {
      parts.set(part, (counts = new Map()));
      // Parts start in clock order, so the first kept is the oldest.
      if (parts.size > WINDOW_PARTS) parts.delete(parts.keys().next().value!);
    }
    return counts;
  }
}
