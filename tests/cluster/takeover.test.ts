import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LEASE_MS } from '../../server/cluster/leadership';
import { Cluster, waitFor, type ClusterNode, type Health } from './support/cluster';
import { notStoredOnce, placeUntilAcknowledged, repeatedKeys, walletsOffTheirLedger, type Acknowledged } from './support/orders';
import { apiOn, demoTrader, marketBuy, socketOn } from './support/trader';

const TRADERS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The engine's leader dies or stalls while orders arrive: no acknowledged order is lost or made twice. */
describe.skipIf(inject('clusterMissing'))('engine takeover', () => {
  const cluster = new Cluster('takeover');
  const engineIds = ['takeover-a', 'takeover-b'];
  let edges: ClusterNode[];
  let traders: string[];
  let btc: number;

  /** Both engine candidates running: whichever died in an earlier test is started again (it stands by). */
  const bothEngines = async () => {
    for (const id of engineIds) {
      if (!cluster.nodes.some((node) => node.id === id && node.running)) await (await cluster.start(id)).ready();
    }
    const leader = await cluster.leader();
    const standby = cluster.nodes.find((node) => node.running && engineIds.includes(node.id) && node !== leader)!;
    await standby.engineIs('standby');
    return { leader, standby };
  };

  const orderCount = async () => (await cluster.sql<{ orders: number }>(`SELECT count(*)::int AS orders FROM orders`))[0]!.orders;

  /** Each trader places keyed orders one after another until `until` says stop; answers what was acknowledged. */
  const burst = (until: () => boolean) => Promise.all(traders.map(async (token, i) => {
    const acknowledged: Acknowledged[] = [];
    // Each trader starts at its own edge, so both edges carry the burst.
    const mine = i % 2 === 0 ? edges : [...edges].reverse();
    while (!until()) {
      acknowledged.push(await placeUntilAcknowledged(mine, token, btc, `burst-${i}-${randomUUID()}`));
      await sleep(50);
    }
    return acknowledged;
  })).then((lists) => lists.flat());

  beforeAll(async () => {
    await cluster.begin();
    await (await cluster.start(engineIds[0]!)).ready();
    // The first node makes the schema; the others start once it is there.
    const [, ...started] = await Promise.all([
      cluster.start(engineIds[1]!),
      cluster.start('takeover-edge-1', { NODE_ROLE: 'edge' }),
      cluster.start('takeover-edge-2', { NODE_ROLE: 'edge' }),
    ].map(async (node) => (await node).ready()));
    edges = started;
    btc = (await cluster.sql<{ id: number }>(`SELECT id FROM products WHERE code = 'BTCUSD'`))[0]!.id; // open every day
    traders = await Promise.all(Array.from({ length: TRADERS }, (_, i) => demoTrader(edges[i % 2]!)));
  });
  afterAll(() => cluster.stop());

  it('keeps every acknowledged order exactly once, and the ledger balanced, when the leader is SIGKILLed mid-burst', async () => {
    const { leader, standby } = await bothEngines();
    const before = await standby.health();
    let stopAt = Infinity;
    const orders = burst(() => Date.now() > stopAt);

    let after: Health, takeoverMs: number, acknowledged: Acknowledged[];
    let killedAt = Infinity;
    try {
      await sleep(1000);
      killedAt = Date.now();
      leader.signal('SIGKILL');
      after = await standby.engineIs('active', 10_000);
      takeoverMs = Date.now() - killedAt;
      console.log(`takeover after SIGKILL of the active engine: ${takeoverMs} ms (${standby.id} leads at epoch ${after.epoch})`);
    } finally {
      stopAt = Date.now() + 1000; // orders keep coming to the new engine for a while
      acknowledged = await orders;
    }

    expect(await leader.exited).toBe('SIGKILL');
    expect(after.epoch).toBeGreaterThan(before.epoch);
    expect(takeoverMs).toBeLessThan(6000);
    // The kill landed in the burst: orders were acknowledged before it and after the takeover.
    expect(acknowledged.some((a) => a.at < killedAt)).toBe(true);
    expect(acknowledged.some((a) => a.at > killedAt + takeoverMs)).toBe(true);
    expect(await notStoredOnce(cluster, acknowledged)).toEqual([]);
    expect(await repeatedKeys(cluster)).toEqual([]);
    expect(await walletsOffTheirLedger(cluster)).toEqual([]);
  });

  it('fences a leader paused past its lease: it stands by when it wakes, and writes nothing, nor pushes', async () => {
    const { leader: paused, standby } = await bothEngines();
    // A trader holding a position the new engine will close while the old one sleeps.
    const watcher = await demoTrader(edges[0]!);
    const socket = await socketOn(edges[1]!, watcher, ['FOREX_TRADE', 'FOREX_CLOSED']);
    const held = await apiOn(edges[0]!, watcher).get('/v1/api/forex/submit', marketBuy(btc));
    expect(held).toMatchObject({ code: 1 });
    const heldId = held.data.Id as number;
    const before = await paused.health();
    const ordersBefore = await orderCount();

    paused.signal('SIGSTOP');
    const pausedAt = Date.now();
    let stopAt = Infinity;
    // Orders during the pause: the paused leader gets them too (its bus connection holds them) and
    // meets them when it wakes, under an epoch that is no longer the leader's.
    const orders = burst(() => Date.now() > stopAt);
    let acknowledged: Acknowledged[];
    let closedAt = Infinity;
    try {
      const took = await standby.engineIs('active', 10_000);
      expect(took.epoch).toBeGreaterThan(before.epoch);
      // Active means answering: the first close asked after it closes (before, an engine still loading
      // said active, and the close waited in the paused one's buffer to be refused with "try again").
      const closing = await apiOn(edges[0]!, watcher).get('/v1/api/forex/close', { id: heldId });
      expect(closing).toMatchObject({ code: 1 });
      await socket.json<{ id: number[] }>('FOREX_CLOSED', (f) => f.id.includes(heldId));
      closedAt = socket.frames.length;
      await sleep(pausedAt + LEASE_MS + 1000 - Date.now()); // well past its lease, whenever it last renewed

      paused.signal('SIGCONT');
      const wokeAt = Date.now();
      const woke = await paused.engineIs('standby', 2000);
      console.log(`a leader paused for ${wokeAt - pausedAt} ms stands by ${Date.now() - wokeAt} ms after it wakes`);
      expect(woke.epoch).toBe(took.epoch);
    } finally {
      paused.signal('SIGCONT');
      stopAt = Date.now() + 1000;
      acknowledged = await orders;
    }
    await sleep(500); // whatever the woken node still had in hand has run by now

    expect((await standby.health()).engine).toBe('active');
    expect(paused.said).toContain('the engine lease was taken over by another node');
    const ordersAfter = await orderCount();
    expect(ordersAfter - ordersBefore).toBe(acknowledged.length); // the woken leader added none of its own
    // Nor did it push its old book: no frame after the close lists the closed position.
    const stale = socket.frames.slice(closedAt).filter((text) => text.includes('FOREX_TRADE') && (JSON.parse(text) as { TransOrder: { Id: number }[] }).TransOrder.some((o) => o.Id === heldId));
    expect(stale).toEqual([]);
    socket.close();
    expect(await notStoredOnce(cluster, acknowledged)).toEqual([]);
    expect(await repeatedKeys(cluster)).toEqual([]);
    expect(await walletsOffTheirLedger(cluster)).toEqual([]);
  });

  it('makes one order of one client_order_id sent to two edges at once, and retried across a takeover', async () => {
    const { leader, standby } = await bothEngines();
    const [trader] = traders;
    const together = `together-${randomUUID()}`;
    const both = await Promise.all(edges.map((edge) => placeUntilAcknowledged([edge], trader!, btc, together)));
    expect(both[0]!.orderId).toBe(both[1]!.orderId);

    // In flight when the leader dies: both edges keep trying the same key until the new leader answers.
    const across = `across-${randomUUID()}`;
    leader.signal('SIGKILL');
    const retried = await Promise.all([edges, [...edges].reverse()].map((order) => placeUntilAcknowledged(order, trader!, btc, across)));
    await standby.engineIs('active');
    expect(retried[0]!.orderId).toBe(retried[1]!.orderId);
    // The first key again, now to the new leader: still the first order.
    const again = await placeUntilAcknowledged(edges, trader!, btc, together);
    expect(again.orderId).toBe(both[0]!.orderId);

    expect(await notStoredOnce(cluster, [both[0]!, retried[0]!])).toEqual([]);
    expect(await repeatedKeys(cluster)).toEqual([]);
    await waitFor('the killed leader to be gone', async () => (leader.running ? undefined : true));
  });
});
