import { afterEach, describe, expect, it, vi } from 'vitest';
import { Limiter } from '../../server/platform/auth/limiter';

/** Map operations made while `work` runs: gets, sets, deletes and every step of an iteration. */
function mapOperations(work: () => void): number {
  const proto = Map.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const spies = ['get', 'set', 'delete', 'has', 'forEach', 'keys', 'values', 'entries'].map((name) => vi.spyOn(proto, name as never));
  const iterated = vi.fn();
  const iterate = proto[Symbol.iterator as never]!;
  proto[Symbol.iterator as never] = function (this: Map<unknown, unknown>) {
    iterated();
    return iterate.call(this);
  };
  try {
    work();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0) + iterated.mock.calls.length;
  } finally {
    proto[Symbol.iterator as never] = iterate;
    spies.forEach((spy) => spy.mockRestore());
  }
}

describe('limiter cost', () => {
  afterEach(() => vi.restoreAllMocks());

  it('costs the same per hit with 10 keys or over 100,000 (operations counted, not time)', () => {
    const perHit = (keys: number) => {
      const limiter = new Limiter(5, 60_000, () => 1_000);
      for (let i = 0; i < keys; i++) limiter.hit(`attacker-${i}`);
      return mapOperations(() => {
        for (let i = 0; i < 10; i++) {
          limiter.wait(`victim-${i}`);
          limiter.hit(`victim-${i}`);
        }
      }) / 10;
    };
    const few = perHit(10);
    const many = perHit(100_001);
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThanOrEqual(4);
    expect(many).toBe(few);
  });

  it('forgets every count when its window ends, and takes back a refunded count', () => {
    let now = 0;
    const limiter = new Limiter(2, 60_000, () => now);
    limiter.hit('k');
    limiter.hit('k');
    expect(limiter.wait('k')).toBe(60);
    limiter.refund('k');
    expect(limiter.wait('k')).toBe(0);
    limiter.hit('k');
    now = 59_999;
    expect(limiter.wait('k')).toBe(1);
    now = 60_000;
    expect(limiter.wait('k')).toBe(0);
  });
});
