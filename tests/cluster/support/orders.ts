import { accountsOffTheirLedger } from '../../../server/ledger/ledger';
import type { Cluster, ClusterNode } from './cluster';
import { apiOn, marketBuy } from './trader';

/** What an edge answers while no engine leads (a takeover under way): the client tries again. */
export const ENGINE_UNAVAILABLE = 'Trading is briefly unavailable. Please try again in a few seconds';

export interface Acknowledged {
  key: string;
  orderId: number;
  /** When the acknowledgement arrived (Date.now()). */
  at: number;
}

/**
 * Sends one keyed market order until an engine acknowledges it, as a careful client would: the same
 * `client_order_id` each time, to the next edge in turn, again after "briefly unavailable". Any
 * other refusal is a failure of the test.
 */
export async function placeUntilAcknowledged(edges: ClusterNode[], token: string, productId: number, key: string, timeoutMs = 20_000): Promise<Acknowledged> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const answer = await apiOn(edges[attempt % edges.length]!, token).get('/v1/api/forex/submit', marketBuy(productId, key)).catch((error: Error) => ({ code: -1, msg: error.message, data: undefined }));
    if (answer.code === 1) return { key, orderId: (answer.data as { Id: number }).Id, at: Date.now() };
    // -1: the edge did not answer at all (fetch failed); an edge is not what this suite kills, but say so.
    if (answer.msg !== ENGINE_UNAVAILABLE) throw new Error(`order ${key} refused: ${answer.msg}`);
    if (Date.now() > deadline) throw new Error(`order ${key} not acknowledged within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Orders of these keys in the store, by key: how many rows each has and their ids. */
export async function ordersByKey(cluster: Cluster, keys: string[]): Promise<Map<string, number[]>> {
  const rows = await cluster.sql<{ key: string; ids: string[] }>(
    `SELECT request_id AS key, array_agg(id ORDER BY id)::text[] AS ids FROM orders WHERE request_id = ANY($1) GROUP BY request_id`, [keys]);
  return new Map(rows.map((row) => [row.key, row.ids.map(Number)]));
}

/** Keys that name more than one order of the same account (the store should make this impossible). */
export async function repeatedKeys(cluster: Cluster): Promise<unknown[]> {
  return cluster.sql(`SELECT user_id, request_id, count(*)::int AS orders FROM orders WHERE request_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`);
}

/** Accounts whose wallet differs from the sum of their ledger rows: must be none (the ledger's own check). */
export const walletsOffTheirLedger = (cluster: Cluster): Promise<unknown[]> => accountsOffTheirLedger(cluster.db);

/** Acknowledged orders not in the store exactly once under their key with the id they were acknowledged with: must be none. */
export async function notStoredOnce(cluster: Cluster, acknowledged: Acknowledged[]): Promise<{ key: string; ids: number[]; acknowledged: number }[]> {
  const stored = await ordersByKey(cluster, acknowledged.map((a) => a.key));
  return acknowledged
    .map((a) => ({ key: a.key, ids: stored.get(a.key) ?? [], acknowledged: a.orderId }))
    .filter((found) => found.ids.length !== 1 || found.ids[0] !== found.acknowledged);
}
