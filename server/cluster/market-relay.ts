import type { FeedSink } from '../market/feed';
import type { HistoryStep } from '../market/history';
import type { LiveMarket } from '../market/live-market';
import { SUBJECTS, type Bus } from './bus';
import type { NewestEpoch } from './newest-epoch';

/** One thing the active engine's feed delivered, as it crosses the bus. */
type Relayed = { node: string; epoch: number; code: string } & (
  | { kind: 'tick'; bid: number; ask: number; time: number; trade: boolean }
  | { kind: 'status'; open: boolean; time: number }
  | { kind: 'history'; steps: HistoryStep[] }
);

/** Back-fill steps per message: a first start's thousands of candles would pass NATS' 1 MB a message. */
const STEPS_PER_MESSAGE = 1000;

/**
 * What the leader's market passes on: every tick, status and back-fill, stamped with its epoch. The
 * market must go on whatever the bus does: a message that cannot be sent is logged, not thrown.
 */
export function tickRelay(bus: Bus, node: string, epoch: number, log: (message: string, error?: unknown) => void): FeedSink {
  let failing = false;
  const send = (value: Relayed) => {
    try {
      bus.publish(SUBJECTS.ticks, value);
      failing = false;
    } catch (error) {
      if (!failing) log('could not relay the market to the other nodes', error);
      failing = true;
    }
  };
  return {
    tick: (inst, bid, ask, time, trade = true) => send({ node, epoch, code: inst.code, kind: 'tick', bid, ask, time, trade }),
    status: (inst, open, time) => send({ node, epoch, code: inst.code, kind: 'status', open, time }),
    history: (inst, steps) => {
      for (let i = 0; i < steps.length; i += STEPS_PER_MESSAGE) {
        send({ node, epoch, code: inst.code, kind: 'history', steps: steps.slice(i, i + STEPS_PER_MESSAGE) });
      }
    },
  };
}

/**
 * Folds the leader's ticks into this node's market, but not those of an older epoch than one heard.
 * A node's own ticks come back from the bus too; it has applied them already.
 */
export function followTicks(bus: Bus, node: string, market: LiveMarket, epochs: NewestEpoch): { stop: () => void; lastHeard: () => number } {
  let heardAt = 0;
  const stop = bus.subscribe<Relayed>(SUBJECTS.ticks, (r) => {
    if (r.node === node || !epochs.heard(r.epoch)) return;
    heardAt = Date.now();
    const inst = market.instrument(r.code);
    if (!inst) return;
    if (r.kind === 'tick') market.tick(inst, r.bid, r.ask, r.time, r.trade);
    else if (r.kind === 'status') market.status(inst, r.open, r.time);
    else market.history(inst, r.steps);
  });
  return { stop, lastHeard: () => heardAt };
}
