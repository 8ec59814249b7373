import { describe, expect, it, vi } from 'vitest';
import { NoEngine, type Bus } from '../../server/cluster/bus';
import { ClusterHub } from '../../server/cluster/cluster-hub';
import { followTicks, tickRelay } from '../../server/cluster/market-relay';
import { NewestEpoch } from '../../server/cluster/newest-epoch';
import { ORDER_WAIT_MS, RemoteDesk, serveDesk } from '../../server/cluster/remote-desk';
import type { LiveMarket } from '../../server/market/live-market';
import type { Peer } from '../../server/platform/ws/peer';
import { Refusal } from '../../server/platform/http/refusal';
import type { Desk } from '../../server/trading/desk';
import type { SubmitInput } from '../../server/trading/engine';

const input: SubmitInput = { side: 1, lots: 0.1, productId: 1, market: true, target: 0, stopLoss: 0, takeProfit: 0, leverage: 100 };

/** A bus whose requests answer from a script: each step throws a NoEngine or answers. */
function scriptedBus(steps: (NoEngine | unknown)[]) {
  const sent: { op: string; args: unknown[] }[] = [];
  const bus = {
    request: async (_subject: string, value: { op: string; args: unknown[] }) => {
      sent.push(value);
      const step = steps.shift();
      if (step instanceof NoEngine) throw step;
      return step;
    },
  };
  return { bus: bus as unknown as Bus, sent };
}

describe('the desk seen from an edge', () => {
  it('retries a submit until an engine answers, always with the same client order id', async () => {
    const { bus, sent } = scriptedBus([new NoEngine('no'), new NoEngine('maybe'), { ok: { Id: 7 } }]);
    await expect(new RemoteDesk(bus).submit(3, input)).resolves.toEqual({ Id: 7 });
    const ids = sent.map((s) => (s.args[0] as SubmitInput).requestId);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(1);
  });

  it('keeps the trader\'s own client order id', async () => {
    const { bus, sent } = scriptedBus([{ ok: { Id: 1 } }]);
    await new RemoteDesk(bus).submit(3, { ...input, requestId: 'ticket-0001' });
    expect((sent[0]!.args[0] as SubmitInput).requestId).toBe('ticket-0001');
  });

  it('does not send a close again that an engine may have heard', async () => {
    const { bus, sent } = scriptedBus([new NoEngine('maybe'), { ok: null }]);
    await expect(new RemoteDesk(bus).close(3, 9)).rejects.toMatchObject({ key: 'engine_unavailable' });
    expect(sent).toHaveLength(1);
  });

  it('sends a close again that no engine heard', async () => {
    const { bus, sent } = scriptedBus([new NoEngine('no'), { ok: null }]);
    await expect(new RemoteDesk(bus).close(3, 9)).resolves.toBeUndefined();
    expect(sent).toHaveLength(2);
  });

  it('answers "try again" when no engine answers in time, never hanging', async () => {
    vi.useFakeTimers();
    try {
      const never = { request: async () => { throw new NoEngine('no'); } } as unknown as Bus;
      const answer = new RemoteDesk(never).submit(3, input).catch((e) => e);
      await vi.advanceTimersByTimeAsync(ORDER_WAIT_MS + 200);
      expect(await answer).toBeInstanceOf(Refusal);
      expect((await answer).key).toBe('engine_unavailable');
    } finally {
      vi.useRealTimers();
    }
  });

  it('carries the engine\'s refusals across the bus with their words', async () => {
    let served: ((value: unknown) => Promise<unknown>) | undefined;
    const engineBus = { serve: (_s: string, answer: typeof served) => ((served = answer), async () => {}) } as unknown as Bus;
    const desk = { close: async () => { throw new Refusal('lots_above_max', { max: 50 }); } } as unknown as Desk;
    serveDesk(engineBus, desk, () => true);
    const edgeBus = { request: async (_s: string, value: unknown) => served!(value) } as unknown as Bus;
    await expect(new RemoteDesk(edgeBus).close(3, 9)).rejects.toMatchObject({ key: 'lots_above_max', params: { max: 50 } });
  });

  it('leaves the answer to the active engine when this one has lost the lead', async () => {
    let served: ((value: unknown) => Promise<unknown>) | undefined;
    const engineBus = { serve: (_s: string, answer: typeof served) => ((served = answer), async () => {}) } as unknown as Bus;
    let current = true;
    const close = vi.fn(async () => { throw new Refusal('engine_unavailable'); }); // its fence refused the write
    const live = vi.fn(async () => ({ orders: [] }));
    serveDesk(engineBus, { close, live } as unknown as Desk, () => current);
    await expect(served!({ op: 'close', userId: 3, args: [9] })).resolves.toBeUndefined();
    await expect(served!({ op: 'live', userId: 3, args: [] })).resolves.toEqual({ ok: { orders: [] } });
    current = false; // a newer epoch was heard on the bus
    await expect(served!({ op: 'live', userId: 3, args: [] })).resolves.toBeUndefined();
    expect(live).toHaveBeenCalledTimes(1);
  });
});

describe('account frames across the bus', () => {
  it('drops the frames of an engine older than one heard, and keeps those made off the engine', () => {
    let deliver: ((value: unknown) => void) | undefined;
    const bus = {
      subscribe: (subject: string, handle: (value: unknown) => void) => (subject === 'push.account' && (deliver = handle), () => {}),
      publish: (_s: string, value: unknown) => deliver!(value),
    } as unknown as Bus;
    const texts: string[] = [];
    const peer = { topics: new Set<string>(), reply: (text: string) => texts.push(text) } as unknown as Peer;
    const hub = new ClusterHub(bus, new NewestEpoch());
    hub.identify(peer, 3);
    hub.join(peer, 'FOREX_TRADE');
    hub.join(peer, 'BALANCE');

    deliver!({ userId: 3, topic: 'FOREX_TRADE', text: 'old engine', epoch: 10 });
    deliver!({ userId: 3, topic: 'FOREX_TRADE', text: 'new engine', epoch: 11 });
    deliver!({ userId: 3, topic: 'FOREX_TRADE', text: 'old engine, woken', epoch: 10 });
    deliver!({ userId: 3, topic: 'BALANCE', text: 'a deposit credited on an edge' });
    hub.lead(12);
    hub.sendToUser(3, 'FOREX_TRADE', 'this node, leading');
    deliver!({ userId: 3, topic: 'FOREX_TRADE', text: 'the engine before this one', epoch: 11 });
    expect(texts).toEqual(['old engine', 'new engine', 'a deposit credited on an edge', 'this node, leading']);
  });
});

describe('ticks relayed to the followers', () => {
  it('applies the newest leader\'s ticks, never its own nor an older epoch\'s', () => {
    let deliver: ((value: unknown) => void) | undefined;
    const bus = { subscribe: (_s: string, handle: (value: unknown) => void) => ((deliver = handle), () => {}) } as unknown as Bus;
    const inst = { code: 'EURUSD' };
    const tick = vi.fn();
    const market = { instrument: () => inst, tick, status: vi.fn(), history: vi.fn() } as unknown as LiveMarket;
    followTicks(bus, 'edge-1', market, new NewestEpoch());

    const relay = (node: string, epoch: number) => tickRelay({ publish: (_s: string, v: unknown) => deliver!(v) } as unknown as Bus, node, epoch, () => {});
    relay('engine-a', 4).tick(inst as never, 1.1, 1.1002, 1000, true);
    relay('edge-1', 5).tick(inst as never, 9, 9, 1001, true); // its own, echoed back by the bus
    relay('engine-b', 5).tick(inst as never, 1.2, 1.2002, 1002, true);
    relay('engine-a', 4).tick(inst as never, 1.3, 1.3002, 1003, true); // the old leader, woken up
    expect(tick.mock.calls.map((c) => c[1])).toEqual([1.1, 1.2]);
  });

  it('sends a long back-fill in messages NATS takes, and never throws into the market', () => {
    const sent: { steps: unknown[] }[] = [];
    const bus = { publish: (_s: string, value: { steps: unknown[] }) => sent.push(value) } as unknown as Bus;
    const steps = Array.from({ length: 2500 }, (_, i) => ({ period: '1min', start: i * 60_000 }));
    tickRelay(bus, 'engine-a', 1, () => {}).history({ code: 'EURUSD' } as never, steps as never);
    expect(sent.map((m) => m.steps.length)).toEqual([1000, 1000, 500]);
    expect(sent.flatMap((m) => m.steps)).toEqual(steps);
    expect(Math.max(...sent.map((m) => JSON.stringify(m).length))).toBeLessThan(1024 * 1024);

    const logged: string[] = [];
    const broken = { publish: () => { throw new Error('max_payload size exceeded'); } } as unknown as Bus;
    const relay = tickRelay(broken, 'engine-a', 1, (message) => logged.push(message));
    expect(() => relay.tick({ code: 'EURUSD' } as never, 1, 1, 1, true)).not.toThrow();
    relay.tick({ code: 'EURUSD' } as never, 1, 1, 2, true);
    expect(logged).toHaveLength(1); // once, not once per tick
  });
});
