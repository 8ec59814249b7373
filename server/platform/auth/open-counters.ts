import { MemoryCounters, type CounterStore } from './counters';

/**
 * The counters of this node: in memory without a URL (one node), else in Redis, connected, so
 * every node counts the same login burst. Rejects when Redis does not answer. `deployment` (the
 * `BUS_PREFIX`) goes before every key, so deployments sharing one Redis count apart.
 */
export async function openCounterStore(redisUrl?: string, deployment = ''): Promise<CounterStore> {
  if (!redisUrl) return new MemoryCounters();
  const { connectRedisCounters } = await import('./redis-counters');
  return connectRedisCounters(redisUrl, `${deployment}limit:`);
}
