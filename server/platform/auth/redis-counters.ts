import { Redis } from 'ioredis';
import type { CounterStore, Slot } from './counters';

/** Takes one back in one step, so two nodes refunding at once never drive a count below zero. */
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 1 then redis.call('DECR', KEYS[1]) elseif count == 1 then redis.call('DEL', KEYS[1]) end
return 0`;

/** How long a start waits for Redis, and a request for one answer, before saying it does not answer. */
const CONNECT_MS = 5_000;
const COMMAND_MS = 2_000;

/**
 * Counts shared by every node: one key per limit, part of its window and key, which expires soon
 * after the part leaves the window, so nothing ever scans or sweeps. Each call is one round trip.
 */
export class RedisCounters implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async count(slot: Slot, ttlMs: number): Promise<number> {
    const key = this.keyOf(slot);
    // INCR and PEXPIRE in one MULTI: a count is never left without its expiry.
    const replies = await this.redis.multi().incr(key).pexpire(key, Math.max(1, Math.ceil(ttlMs))).exec();
    const [incr] = replies ?? [];
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('Redis dropped a counter transaction');
    return incr[1] as number;
  }

  async read(slots: Slot[]): Promise<number[]> {
    if (slots.length === 0) return [];
    return (await this.redis.mget(slots.map((slot) => this.keyOf(slot)))).map(Number);
  }

  async decrement(slot: Slot): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.keyOf(slot));
  }

  async delete(slots: Slot[]): Promise<void> {
    await this.redis.del(slots.map((slot) => this.keyOf(slot)));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }

  private keyOf({ limit, part, key }: Slot): string {
    return `${this.prefix}${limit}:${part}:${key}`;
  }
}

/** Connects and checks that Redis answers; rejects with a message naming REDIS_URL when it does not. */
export async function connectRedisCounters(url: string, prefix = 'limit:'): Promise<RedisCounters> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_MS,
    commandTimeout: COMMAND_MS,
    // While Redis is away a limited request fails at once rather than waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let lastError: Error | undefined;
  // Until the first connection is ready, an error goes into the start's message. Later ioredis
  // reconnects by itself, and an outage is said once, not on every retry.
  let reported = true;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (!reported) console.error(`Redis counters: ${error.message}`);
    reported = true;
  });
  redis.on('ready', () => { reported = false; });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const reason = (lastError ?? (error as Error)).message;
    throw new Error(`REDIS_URL: Redis at ${redacted(url)} does not answer (${reason})`, { cause: error });
  }
  return new RedisCounters(redis, prefix);
}

/** The URL without its password, fit for a log line. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unreadable URL';
  }
}
