import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCounterStore } from '../../server/platform/auth/open-counters';
import { connectRedisCounters, type RedisCounters } from '../../server/platform/auth/redis-counters';
import { countAttempt, Limiter } from '../../server/platform/auth/limiter';
import { createLimits } from '../../server/platform/auth/limits';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Each run counts under its own prefix, so runs at once never meet, and removes its keys after.
const prefix = `test-limit-${randomUUID()}:`;

/** Two nodes: each its own connection to the one Redis. */
let nodes: RedisCounters[] = [];
let admin: Redis | undefined;

async function keysOfThisRun(): Promise<string[]> {
  const keys: string[] = [];
  for (let cursor = '0'; ;) {
    const [next, found] = await admin!.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...found);
    cursor = next;
    if (cursor === '0') return keys;
  }
}

beforeAll(async () => {
  try {
    nodes = [await connectRedisCounters(url, prefix), await connectRedisCounters(url, prefix)];
    admin = new Redis(url, { lazyConnect: true });
    await admin.connect();
  } catch {
    admin?.disconnect();
    nodes = [];
  }
});

afterAll(async () => {
  if (admin) {
    const keys = await keysOfThisRun();
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  }
  await Promise.all(nodes.map((node) => node.close()));
});

beforeEach((context) => {
  context.skip(nodes.length === 0, `no Redis answers at ${url}`);
});

describe('limits counted in Redis', () => {
  it('counts each deployment (BUS_PREFIX) apart in one Redis', async () => {
    const [mine, theirs] = await Promise.all([openCounterStore(url, `${prefix}one.`), openCounterStore(url, `${prefix}two.`)]);
    try {
      const [a, b] = [mine, theirs].map((store) => new Limiter('login', 1, 60_000, store, () => 30_000));
      // Counted at 30 s: the count leaves the window a minute later.
      expect([await a!.hit('acct'), await a!.hit('acct'), await b!.hit('acct')]).toEqual([0, 60, 0]);
      expect((await keysOfThisRun()).filter((key) => key.startsWith(`${prefix}one.limit:login:`))).toHaveLength(1);
    } finally {
      await Promise.all([mine, theirs].map((store) => (store as RedisCounters).close()));
    }
  });

  it('counts a burst split across two nodes as one', async () => {
    const [a, b] = nodes.map((store) => new Limiter('login', 3, 60_000, store, () => 30_000));
    const answers = [await a!.hit('acct'), await b!.hit('acct'), await a!.hit('acct'), await b!.hit('acct')];
    expect(answers).toEqual([0, 0, 0, 60]);
    expect(await a!.wait('acct')).toBe(60);
    expect(await b!.wait('acct')).toBe(60);
    expect(await b!.wait('other')).toBe(0);
  });

  it('lets through no more than the limit when both nodes are hit at once', async () => {
    const [a, b] = nodes.map((store) => createLimits(store));
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const limits = i % 2 ? a! : b!;
      return countAttempt([limits.loginPerAccountAddress, 'burst@example.com|203.0.113.9'], [limits.loginPerAddress, '203.0.113.9']);
    });
    const waits = await Promise.all(attempts);
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    // The refused attempts gave the address its counts back: only the five allowed are left on it.
    const address = new Limiter('login-address', 6, 15 * 60_000, nodes[0]!);
    expect(await address.hit('203.0.113.9')).toBe(0);
    expect(await address.wait('203.0.113.9')).toBeGreaterThan(0);
  });

  it('takes a refund on one node back from the count made on the other, and never below zero', async () => {
    const [a, b] = nodes.map((store) => new Limiter('refund', 2, 60_000, store, () => 0));
    await a!.hit('ip');
    await a!.hit('ip');
    expect(await b!.wait('ip')).toBe(60);
    await b!.refund('ip');
    expect(await a!.wait('ip')).toBe(0);
    await b!.refund('ip');
    await b!.refund('ip');
    expect([await a!.hit('ip'), await a!.hit('ip'), await a!.hit('ip')]).toEqual([0, 0, 60]);
    await b!.reset('ip');
    expect(await a!.wait('ip')).toBe(0);
  });

  it('slides the window a part at a time, and lets a part\'s key expire by itself once it has left', async () => {
    // A window of 500 ms counted in parts of 25 ms: 10,000,400 is in part 400,016.
    let now = 10_000_400;
    const [a, b] = nodes.map((store) => new Limiter('window', 1, 500, store, () => now));
    expect(await a!.hit('k')).toBe(0);
    expect(await b!.hit('k')).toBe(1);
    const [key] = await keysOfThisRun().then((keys) => keys.filter((k) => k.startsWith(`${prefix}window:`)));
    expect(key).toBe(`${prefix}window:400016:k`);
    // Until the part leaves the window (500 ms) and one second for clocks a little behind.
    const ttl = await admin!.pttl(key!);
    expect(ttl).toBeGreaterThan(1_400);
    expect(ttl).toBeLessThanOrEqual(1_500);
    // A window later by the clock's edges, but not 500 ms after the count: still refused.
    now = 10_000_600;
    expect(await b!.hit('k')).toBe(1);
    now = 10_000_900;
    expect(await b!.hit('k')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, ttl + 100));
    expect(await admin!.exists(key!)).toBe(0);
  });
});
