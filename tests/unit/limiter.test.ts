import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCounters, WINDOW_PARTS } from '../../server/platform/auth/counters';
import { openCounterStore } from '../../server/platform/auth/open-counters';
import { countAttempt, Limiter } from '../../server/platform/auth/limiter';
import { createLimits } from '../../server/platform/auth/limits';

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

  it('costs the same per hit with 10 keys or over 100,000 (operations counted, not time)', async () => {
    const perHit = async (keys: number) => {
      const limiter = new Limiter('cost', 5, 60_000, new MemoryCounters(), () => 1_000);
      for (let i = 0; i < keys; i++) await limiter.hit(`attacker-${i}`);
      // The memory store does its work before it answers, so the operations are all made here.
      const answers: Promise<number>[] = [];
      const operations = mapOperations(() => {
        for (let i = 0; i < 10; i++) answers.push(limiter.wait(`victim-${i}`), limiter.hit(`victim-${i}`));
      });
      expect(await Promise.all(answers)).toEqual(Array(20).fill(0));
      return operations / 10;
    };
    const few = await perHit(10);
    const many = await perHit(100_001);
    // A look-up per part of the window, whatever the keys.
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThanOrEqual(5 * WINDOW_PARTS);
    expect(many).toBe(few);
  });

  it('forgets every count when its window ends, and takes back a refunded count', async () => {
    let now = 0;
    const limiter = new Limiter('k', 2, 60_000, new MemoryCounters(), () => now);
    await limiter.hit('k');
    await limiter.hit('k');
    expect(await limiter.wait('k')).toBe(60);
    await limiter.refund('k');
    expect(await limiter.wait('k')).toBe(0);
    await limiter.hit('k');
    now = 59_999;
    expect(await limiter.wait('k')).toBe(1);
    now = 60_000;
    expect(await limiter.wait('k')).toBe(0);
  });
});

describe('a sliding window', () => {
  it('lets one code a minute go a minute after the last, not at the clock\'s next minute', async () => {
    // Parts of 3 s: a count made at 59 s is in the part from 57 s, and leaves the window at 117 s.
    let now = 59_000;
    const codes = new Limiter('code', 1, 60_000, new MemoryCounters(), () => now);
    expect(await codes.hit('a@example.com')).toBe(0);
    now = 61_000; // a fixed window would have started again at 60 s
    expect(await codes.hit('a@example.com')).toBe(56);
    now = 116_999;
    expect(await codes.hit('a@example.com')).toBe(1);
    now = 117_000;
    expect(await codes.hit('a@example.com')).toBe(0);
  });

  it('lets no more than the limit through in any window, across the clock\'s edges', async () => {
    let now = 0;
    const logins = new Limiter('login', 5, 15 * 60_000, new MemoryCounters(), () => now);
    const passed: number[] = [];
    // One attempt every 20 s for an hour: at most 5 in any 15 minutes.
    for (; now < 3_600_000; now += 20_000) if ((await logins.hit('a|ip')) === 0) passed.push(now);
    for (const at of passed) expect(passed.filter((t) => t >= at && t < at + 15 * 60_000).length).toBeLessThanOrEqual(5);
    expect(passed.length).toBeGreaterThanOrEqual(15);
  });
});

describe('limits sharing one store', () => {
  it('keeps each limit\'s counts apart, and a hit answers whether it was over', async () => {
    const store = new MemoryCounters();
    const login = new Limiter('login', 2, 60_000, store, () => 0);
    const demo = new Limiter('demo', 2, 60_000, store, () => 0);
    expect([await login.hit('ip'), await login.hit('ip'), await login.hit('ip')]).toEqual([0, 0, 60]);
    expect(await demo.wait('ip')).toBe(0);
    await login.reset('ip');
    expect(await login.wait('ip')).toBe(0);
  });

  it('refuses an attempt over any of its limits and gives the others their count back', async () => {
    const store = new MemoryCounters();
    const perAccount = new Limiter('account', 1, 60_000, store, () => 0);
    const perAddress = new Limiter('address', 3, 60_000, store, () => 0);
    expect(await countAttempt([perAccount, 'a'], [perAddress, 'ip'])).toBe(0);
    expect(await countAttempt([perAccount, 'a'], [perAddress, 'ip'])).toBe(60);
    expect(await countAttempt([perAccount, 'a'], [perAddress, 'ip'])).toBe(60);
    // Two refused attempts on account `a` did not use up the address: two more accounts may try.
    expect(await countAttempt([perAccount, 'b'], [perAddress, 'ip'])).toBe(0);
    expect(await countAttempt([perAccount, 'c'], [perAddress, 'ip'])).toBe(0);
    expect(await countAttempt([perAccount, 'd'], [perAddress, 'ip'])).toBe(60);
  });

  it('lets no more than the limit through when attempts come at once', async () => {
    const limits = createLimits();
    const answers = await Promise.all(Array.from({ length: 12 }, () => countAttempt([limits.loginPerAccountAddress, 'a|ip'], [limits.loginPerAddress, 'ip'])));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('opens the memory store without a URL, and says which Redis did not answer', async () => {
    expect(await openCounterStore()).toBeInstanceOf(MemoryCounters);
    await expect(openCounterStore('redis://:secret@127.0.0.1:1')).rejects.toThrow(/^REDIS_URL: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 does not answer/);
  });
});
