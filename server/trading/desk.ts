import type { Order } from '../../contract/trading';
import { money6, sum } from '../../domain/decimal';
import type { Market } from '../market/market';
import type { AccountFigures } from './book';
import type { Db } from '../platform/store/open';
import type { Hub } from '../platform/ws/hub';
import type { Settings } from '../settings/settings';
import type { Fence } from '../platform/store/fence';
import { Engine, type StopLevels, type SubmitInput } from './engine';
import { orderView, type LivePrice } from './order-view';
import { tradingPushes } from './pushes';

export { engineWriters } from './engine';

/** An account's live state for views: each live order's price and P&L, and the open P&L summed. */
export interface LiveView {
  orders: Record<number, LivePrice>;
  openPnl: string;
}

/**
 * What the routes ask of the engine. In one process the engine answers itself (`LocalDesk`); among
 * several nodes the active engine answers over the bus, wherever it runs. Every answer is plain data,
 * so it can cross the bus as it is.
 */
export interface Desk {
  submit(userId: number, input: SubmitInput): Promise<Order>;
  close(userId: number, id: number): Promise<void>;
  cancel(userId: number, id: number): Promise<void>;
  setStops(userId: number, id: number, levels: StopLevels): Promise<void>;
  resetDemo(userId: number): Promise<void>;
  /** Undefined when the account has nothing live. */
  live(userId: number): Promise<LiveView | undefined>;
  figures(userId: number): Promise<AccountFigures | undefined>;
  /** A screen just subscribed to the account's pushes: send its figures now, changed or not, without waiting for a tick. */
  refresh(userId: number): Promise<void>;
}

export class LocalDesk implements Desk {
  constructor(private readonly engine: Engine, private readonly market: Market) {}

  async submit(userId: number, input: SubmitInput): Promise<Order> {
    const row = await this.engine.submit(userId, input);
    return orderView(row, this.market.product(row.productId), this.engine.live(userId, row.id));
  }

  close(userId: number, id: number): Promise<void> {
    return this.engine.close(userId, id);
  }

  cancel(userId: number, id: number): Promise<void> {
    return this.engine.cancel(userId, id);
  }

  setStops(userId: number, id: number, levels: StopLevels): Promise<void> {
    return this.engine.setStops(userId, id, levels);
  }

  resetDemo(userId: number): Promise<void> {
    return this.engine.resetDemo(userId);
  }

  async live(userId: number): Promise<LiveView | undefined> {
    const account = this.engine.account(userId);
    if (!account) return undefined;
    const orders: Record<number, LivePrice> = {};
    for (const o of [...account.open.values(), ...account.pending.values()]) orders[o.id] = { updatePrice: o.updatePrice, pnl: o.pnl };
    return { orders, openPnl: money6(sum([...account.open.values()].map((o) => money6(o.pnl)))) };
  }

  async figures(userId: number): Promise<AccountFigures | undefined> {
    return this.engine.figures(userId);
  }

  async refresh(userId: number): Promise<void> {
    this.engine.refresh(userId);
  }
}

/** The engine where it runs, with its pushes to the hub: opened at start in one process, on takeover in a cluster. */
export async function openEngineDesk(
  { db, market, settings, hub }: { db: Db; market: Market; settings: Settings; hub: Hub },
  options: { fence: Fence; writers: number },
): Promise<{ desk: LocalDesk; stop: () => Promise<void> }> {
  const engine = await Engine.open(db, market, settings, options);
  const stopPushes = tradingPushes(engine, hub);
  return {
    desk: new LocalDesk(engine, market),
    stop: async () => {
      stopPushes();
      await engine.stop();
    },
  };
}
