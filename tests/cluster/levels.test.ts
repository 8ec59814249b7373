import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLOSED_TYPE } from '../../contract/trading';
import { Cluster, waitFor, type ClusterNode } from './support/cluster';
import { walletsOffTheirLedger } from './support/orders';
import { apiOn, demoTrader } from './support/trader';

const START = 65_000;
const FLAT_MS = 8_000;
const GROWTH_MS = 30_000;
/**
 * BTCUSD swinging around 65,000 every 2 s, its swing growing from 0.05 % to 3 % after a flat start:
 * each stop-loss and take-profit level is crossed again and again once the swing reaches it, and
 * nearer levels are reached first, so positions close all through the run.
 */
function swingingMarket(): string {
  const lines: string[] = [];
  for (let t = 0; t <= FLAT_MS + GROWTH_MS + 20_000; t += 100) {
    const swing = 0.0005 + Math.min(1, Math.max(0, t - FLAT_MS) / GROWTH_MS) * 0.03;
    const bid = Math.round(START * (1 + swing * Math.sin((2 * Math.PI * t) / 2000)) * 10) / 10;
    lines.push(JSON.stringify({ t, code: 'BTCUSD', bid, ask: Math.round((bid + 15) * 10) / 10 }));
  }
  return lines.join('\n');
}

/** SL and TP levels crossed many times while the engine's leader is SIGKILLed: each position closes exactly once. */
describe.skipIf(inject('clusterMissing'))('levels crossed across a takeover', () => {
  const replay = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'levels-')), 'market.jsonl');
  fs.writeFileSync(replay, swingingMarket());
  const cluster = new Cluster('levels', { MARKET_FEED: `replay:${replay}` });
  let edge: ClusterNode;

  beforeAll(async () => {
    await cluster.begin();
    await (await cluster.start('levels-a')).ready();
    const [, started] = await Promise.all([cluster.start('levels-b'), cluster.start('levels-edge', { NODE_ROLE: 'edge' })].map(async (n) => (await n).ready()));
    edge = started!;
  });
  afterAll(async () => {
    await cluster.stop();
    fs.rmSync(path.dirname(replay), { recursive: true, force: true });
  });

  it('closes every position once, by its level, before and after the leader dies', async () => {
    const btc = (await cluster.sql<{ id: number }>(`SELECT id FROM products WHERE code = 'BTCUSD'`))[0]!.id;
    const traders = await Promise.all(Array.from({ length: 8 }, () => demoTrader(edge)));
    // 40 buys, their levels 0.3 % to 2.7 % away: below for the stop, above for the take-profit.
    const placed = await Promise.all(traders.flatMap((token, t) => Array.from({ length: 5 }, async (_, k) => {
      const away = 0.003 + ((t * 5 + k) % 9) * 0.003;
      const answer = await apiOn(edge, token).get('/v1/api/forex/submit', {
        type: 1, cont: 0.01, forex_id: btc, status: 1, multiple: 10,
        stop_loss_price: Math.round(START * (1 - away)), target_profit_price: Math.round(START * (1 + away * 1.1)),
      });
      expect(answer.msg).toBe('Order placed');
      return (answer.data as { Id: number }).Id;
    })));
    const closedCount = async () => (await cluster.sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE status = 3`))[0]!.n;

    // Once a quarter have closed (levels are being crossed now), the leader dies right after a tick.
    await waitFor('a quarter of the positions to close', async () => ((await closedCount()) >= placed.length / 4 ? true : undefined), 60_000, 50);
    const leader = await cluster.leader();
    const killedAt = new Date();
    await leader.kill('SIGKILL');
    await waitFor('every position to close', async () => ((await closedCount()) === placed.length ? true : undefined), 90_000, 250);

    const orders = await cluster.sql<{ id: number; closed_type: number; completed_at: Date; closes: number }>(`
      SELECT o.id, o.closed_type, o.completed_at,
        (SELECT count(*)::int FROM ledger l WHERE l.ref = 'order:' || o.id AND l.kind = 'trade_close') AS closes
      FROM orders o WHERE o.id = ANY($1)`, [placed]);
    expect(orders).toHaveLength(placed.length);
    expect(orders.filter((o) => o.closes !== 1)).toEqual([]);
    expect(orders.filter((o) => o.closed_type !== CLOSED_TYPE.stopLoss && o.closed_type !== CLOSED_TYPE.takeProfit)).toEqual([]);
    expect(orders.some((o) => o.completed_at < killedAt)).toBe(true);
    expect(orders.some((o) => o.completed_at > killedAt)).toBe(true);
    expect(await walletsOffTheirLedger(cluster)).toEqual([]);
  }, 180_000);
});
