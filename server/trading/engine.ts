import { CLOSED_TYPE, ORDER_STATUS } from '../../contract/trading';
import { isMarketOpen } from '../../contract/market';
import { DEMO_BALANCE, isMarginCall, openRefusal, type HeldPosition } from '../../domain/account';
import { dec, money6 } from '../../domain/decimal';
import { lotsRefusal } from '../../domain/lots';
import { margin as marginOf, tradeFee } from '../../domain/margin';
import { MAX_ORDERS_PER_ACCOUNT, nearMarket, pendingType, stopsRefusal, type StopKind } from '../../domain/orders';
import { closingPrice, openingPrice, pnlAtPrice } from '../../domain/pnl';
import type { Quote, Side } from '../../domain/types';
import { toUsd, usdConversionFor, type UsdConversion } from '../../domain/usd';
import * as ledger from '../ledger/ledger';
import type { Settings } from '../settings/settings';
import type { Fence } from '../platform/store/fence';
import { engineTickSeconds } from '../platform/metrics';
import { refuse } from '../platform/http/refusal';
import type { Instrument, LiveQuote, Market, MarketEvent } from '../market/market';
import type { Db, Tx } from '../platform/store/open';
import type { OrderRow } from './schema';
import { Book, heldPositions, liveOrderOf, type Account, type AccountFigures, type LiveOrder, type Trigger } from './book';
import * as store from './order-store';
import { GroupCommit } from './group-commit';

const PUSH_MS = 1000;
/**
 * Batches of orders written at once: one on the embedded store (it has one connection); two on
 * PostgreSQL, so that a batch builds while another commits. More only split the same jobs into
 * smaller batches that compete for the database's CPU (bench:orders on 2 cores: 4 writers gave a
 * p99 half again longer).
 */
export const engineWriters = (databaseUrl: string | undefined) => (databaseUrl ? 2 : 1);

export interface SubmitInput {
  side: Side;
  lots: number;
  productId: number;
  market: boolean;
  target: number;
  stopLoss: number;
  takeProfit: number;
  leverage: number;
  requestId?: string;
}

/** A position's or pending order's new stop-loss and take-profit (0 clears one); one left out stays as it is. */
export interface StopLevels {
  stopLoss?: number;
  takeProfit?: number;
}

/** What the engine tells its listeners (the pushes module): it never speaks to sockets itself. */
export type EngineEvent =
  /** These accounts' figures changed since the last time (once a second at most). */
  | { type: 'accounts_changed'; userIds: number[] }
  /** These orders of the account left the open or pending lists. */
  | { type: 'orders_closed'; userId: number; ids: number[] }
  /** A socket of the user subscribed to the figures: it gets them at once, changed or not. */
  | { type: 'account_watched'; userId: number };

interface OpenJob { kind: 'open'; order: store.NewOrder; opening: HeldPosition | undefined }
interface CloseJob { kind: 'close'; order: LiveOrder; close: { price: string; profit: string; closedType: number } }

const STOP_CLOSED_TYPE: Record<StopKind, number> = { stop_loss: CLOSED_TYPE.stopLoss, take_profit: CLOSED_TYPE.takeProfit };

/**
 * The trading engine: orders in memory by instrument (the `Book`), every change booked through
 * the store in one transaction, requests of one account one at a time. Each tick revalues the
 * orders of its instrument and carries out the fills, stops and stop-outs it makes due.
 */
export class Engine {
  private readonly book = new Book();
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  /** Newest ledger row seen per account, so that a late notice never overwrites a newer balance. */
  private readonly ledgerSeq = new Map<number, number>();
  private pushTimer: NodeJS.Timeout | undefined;
  /** Opens and closes of many accounts share one transaction and one commit. */
  private readonly commits: GroupCommit<OpenJob | CloseJob, OrderRow | null>;
  private unsubscribers: (() => void)[] = [];

  private constructor(
    private readonly db: Db,
    private readonly market: Market,
    private readonly settings: Settings,
    private readonly fence: Fence,
    writers: number,
  ) {
    this.commits = new GroupCommit(
      (jobs) => store.bookMany(this.db, this.fence, jobs.map((j) => (j.kind === 'open' ? j : { kind: 'close', userId: j.order.userId, id: j.order.id, margin: j.order.margin, close: j.close }))),
      (job) => (job.kind === 'open' ? this.openAlone(job) : this.closeAlone(job)),
      writers,
    );
  }

  /**
   * `fence`: the leadership this engine writes under; every write checks it in its transaction.
   * `writers`: batches of orders written at once. Several suit PostgreSQL's pool (each account
   * has one job at a time, so two batches never touch the same wallet); one suits the embedded store.
   */
  static async open(db: Db, market: Market, settings: Settings, { fence, writers = 1 }: { fence: Fence; writers?: number }): Promise<Engine> {
    const engine = new Engine(db, market, settings, fence, writers);
    // Listening before reading: a change committed meanwhile is not missed.
    engine.unsubscribers.push(ledger.onWalletChange(engine.onWalletChange));
    const rows = await store.liveOrders(db);
    const balances = await ledger.availableOf(db, [...new Set(rows.map((r) => r.userId))]);
    for (const [userId, balance] of balances) engine.book.account(userId, balance);
    for (const row of rows) engine.addRow(row);
    engine.unsubscribers.push(market.subscribe(engine.onMarket));
    // The last tick before serving: after a takeover, a level crossed while no engine ran triggers now.
    for (const product of market.products()) {
      const quote = market.quote(product.Code);
      if (quote) engine.evaluate(product.Code, quote);
    }
    engine.pushTimer = setInterval(() => engine.tellChangedAccounts(), PUSH_MS);
    engine.pushTimer.unref();
    return engine;
  }

  async stop(): Promise<void> {
    this.unsubscribers.forEach((unsubscribe) => unsubscribe());
    clearInterval(this.pushTimer);
    await Promise.allSettled([...this.queues.values()]);
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Balance, equity, margin and risk of an account with its positions' P&L: `FOREX_TRADE`'s body. */
  figures(userId: number): AccountFigures | undefined {
    const account = this.book.findAccount(userId);
    return account && this.book.snapshot(account);
  }

  /**
   * Push the account's figures again with the next round, numbered like any other push: a screen
   * that just subscribed would otherwise wait for a tick, and none comes while its markets are closed.
   */
  refresh(userId: number): void {
    if (this.book.findAccount(userId)) this.tell({ type: 'account_watched', userId });
  }

  /** The live state of an open or pending order, for views. */
  live(userId: number, id: number): LiveOrder | undefined {
    return this.book.order(userId, id);
  }

  // Requests. Each runs alone for its account.

  submit(userId: number, input: SubmitInput): Promise<OrderRow> {
    return this.serial(userId, async () => {
      if (input.requestId) {
        const first = await store.findByRequestId(this.db, userId, input.requestId);
        // A retry gets its first order back; the same id on another order is a client's mistake, not a retry.
        if (first && !sameOrder(first, input)) refuse('request_id_reused');
        if (first) return first;
      }
      const held = this.book.findAccount(userId);
      if (held && held.open.size + held.pending.size >= MAX_ORDERS_PER_ACCOUNT) refuse('too_many_orders', { max: MAX_ORDERS_PER_ACCOUNT });
      const product = this.market.product(input.productId) ?? refuse('product_unknown');
      const inst = this.market.instrument(product.Code)!;
      if (inst.leverages.length === 0) refuse('no_mult_config');
      if (!inst.leverages.includes(input.leverage)) refuse('leverage_not_offered');
      const lots = dec(input.lots);
      const lotProblem = lotsRefusal(lots, { min: inst.minCont, max: inst.maxCont, step: inst.pip });
      if (lotProblem === 'above_max') refuse('lots_above_max', { max: inst.maxCont });
      if (lotProblem === 'off_step') refuse('lots_off_step', { step: inst.pip });
      if (lotProblem) refuse('lots_below_min', { min: inst.minCont });
      refuseFinerThanQuoted(product.PricePrecision, { target_price: input.market ? 0 : input.target, stop_loss_price: input.stopLoss, target_profit_price: input.takeProfit });
      if (input.market && !isMarketOpen(product)) refuse('market_closed');
      const quote = this.market.quote(product.Code) ?? refuse('no_quote');

      const openPrice = input.market ? openingPrice(input.side, quote) : dec(input.target);
      if (!input.market && !(openPrice.gt(0) && nearMarket(openPrice, openingPrice(input.side, quote)))) refuse('target_far_from_price');
      const stops = { stopLoss: input.stopLoss, takeProfit: input.takeProfit };
      // A pending order's levels sit around its own price, a market order's around the quote.
      const stopsProblem = stopsRefusal(input.side, stops, input.market ? quote : { bid: openPrice, ask: openPrice });
      // The side rules' words name the current price; a pending order's levels are judged against its own.
      if (stopsProblem) refuseStops(stopsProblem, input.market ? quote : undefined, product.PricePrecision);

      const conversion = this.conversion(inst, openPrice.toString()) ?? refuse('no_quote');
      const margin = marginOf({ marginMode: inst.marginMode, lots, contractSize: inst.contNum, openPrice, leverage: input.leverage, conversion });
      const fee = tradeFee({ feeType: this.settings.tradeFeeType, lots, rate: inst.feeRate, margin });
      const position = { side: input.side, openPrice, lots, contractSize: inst.contNum };
      const openingPnl = input.market ? toUsd(pnlAtPrice(position, closingPrice(input.side, quote)), conversion) : undefined;

      const job: OpenJob = {
        kind: 'open',
        order: {
          userId,
          productId: product.Id,
          side: input.side,
          lots: lots.toString(),
          contNum: String(inst.contNum),
          leverage: input.leverage,
          status: input.market ? ORDER_STATUS.open : ORDER_STATUS.pending,
          pendingType: input.market ? null : pendingType(input.side, openPrice, quote),
          originPrice: openPrice.toString(),
          price: input.market ? openPrice.toString() : null,
          stopLoss: dec(input.stopLoss).toString(),
          takeProfit: dec(input.takeProfit).toString(),
          margin: money6(margin),
          fee: money6(fee),
          requestId: input.requestId ?? null,
        },
        opening: openingPnl && { id: 'new', margin: money6(margin), pnl: money6(openingPnl) },
      };
      // The fast path only when the book is sure the account can pay; any doubt is decided on the locked wallet.
      const account = this.book.findAccount(userId);
      const sure = account && !openRefusal(account.balance, heldPositions(account), job.order, job.opening);
      const row = sure ? ((await this.commits.run(job)) as OrderRow) : await this.openAlone(job);
      this.addRow(row);
      this.pushFigures(userId);
      return row;
    });
  }

  close(userId: number, id: number): Promise<void> {
    return this.serial(userId, async () => {
      const order = this.book.order(userId, id) ?? (await this.refuseMissing(userId, id));
      if (order.status === ORDER_STATUS.pending) refuse('close_pending');
      if (order.status !== ORDER_STATUS.open || order.busy) refuse('order_not_open');
      const product = this.market.product(order.productId)!;
      if (!isMarketOpen(product)) refuse('market_closed');
      const quote = this.market.quote(product.Code) ?? refuse('no_quote');
      await this.closePosition(order, closingPrice(order.side, quote).toString(), CLOSED_TYPE.user);
    });
  }

  cancel(userId: number, id: number): Promise<void> {
    return this.serial(userId, async () => {
      const order = this.book.order(userId, id) ?? (await this.refuseMissing(userId, id));
      if (order.status !== ORDER_STATUS.pending || order.busy) refuse('order_not_pending');
      await this.transaction(async (tx) => {
        await ledger.lockAvailable(tx, userId);
        const row = (await store.lockOrder(tx, userId, id, 0)) ?? refuse('order_not_pending');
        return store.cancelOrder(tx, userId, row);
      });
      this.book.remove(order);
      this.pushClosed(userId, [id]);
    });
  }

  setStops(userId: number, id: number, levels: StopLevels): Promise<void> {
    return this.serial(userId, async () => {
      const order = this.book.order(userId, id) ?? (await this.refuseMissing(userId, id));
      if (order.busy) refuse('order_not_open');
      const product = this.market.product(order.productId)!;
      // A level sent back unchanged keeps the places it was set with: staff may have made the price coarser since.
      const changed = (level: number | undefined, kept: number) => (level === kept ? undefined : level);
      refuseFinerThanQuoted(product.PricePrecision, { stop_loss_price: changed(levels.stopLoss, order.slNum), target_profit_price: changed(levels.takeProfit, order.tpNum) });
      const { stopLoss = order.slNum, takeProfit = order.tpNum } = levels;
      const quote = order.status === ORDER_STATUS.open ? (this.market.quote(product.Code) ?? refuse('no_quote')) : undefined;
      const around: Quote = quote ?? { bid: order.origin, ask: order.origin };
      const problem = stopsRefusal(order.side, { stopLoss, takeProfit }, around);
      if (problem) refuseStops(problem, quote, product.PricePrecision);
      const sl = dec(stopLoss).toString();
      const tp = dec(takeProfit).toString();
      await this.transaction((tx) => store.setStops(tx, id, sl, tp));
      Object.assign(order, { stopLoss: sl, takeProfit: tp, slNum: Number(sl), tpNum: Number(tp) });
    });
  }

  /** Demo only: every position closed at the market, every pending order cancelled, 10,000 USD. */
  resetDemo(userId: number): Promise<void> {
    return this.serial(userId, async () => {
      const account = this.book.account(userId);
      const orders = [...account.open.values(), ...account.pending.values()];
      await this.transaction(async (tx) => {
        let balance = await ledger.lockAvailable(tx, userId);
        for (const order of orders) {
          const row = await store.lockOrder(tx, userId, order.id, order.status);
          if (!row) continue;
          if (order.status === ORDER_STATUS.pending) {
            balance = await store.cancelOrder(tx, userId, row);
          } else {
            const close = this.closing(order);
            balance = await store.closeOrders(tx, userId, balance, [{ id: order.id, close: { ...close, closedType: CLOSED_TYPE.user } }]);
          }
        }
        return store.resetBalance(tx, userId, balance, DEMO_BALANCE);
      });
      orders.forEach((o) => this.book.remove(o));
      if (orders.length > 0) this.pushClosed(userId, orders.map((o) => o.id));
    });
  }

  // Ticks.

  private onMarket = (event: MarketEvent): void => {
    if (event.type === 'quote') this.evaluate(event.code, event.quote);
  };

  private evaluate(code: string, quote: LiveQuote): void {
    if (!quote.open) return; // nothing triggers on a stale quote
    const inst = this.market.instrument(code);
    if (!inst) return;
    const { bid, ask } = quote;
    const usd = (side: Side) => {
      const conversion = this.conversion(inst, String(side === 1 ? bid : ask));
      return conversion ? toUsd(1, conversion).toNumber() : 1;
    };
    const endTimer = engineTickSeconds.startTimer();
    const triggers = this.book.tick(inst.id, bid, ask, usd, this.settings.stopOutLevel, this.marketOpen);
    endTimer();
    for (const trigger of triggers) this.carryOut(trigger);
  }

  private carryOut(trigger: Trigger): void {
    if (trigger.kind === 'stop_out') {
      const account = this.book.findAccount(trigger.userId);
      const orders = trigger.ids.map((id) => account?.open.get(id)).filter((o): o is LiveOrder => !!o && !o.busy);
      orders.forEach((o) => (o.busy = true));
      void this.serial(trigger.userId, () => this.stopOut(trigger.userId, orders)).catch(() => orders.forEach((o) => (o.busy = false)));
      return;
    }
    const { order } = trigger;
    order.busy = true;
    const work = trigger.kind === 'fill'
      ? () => this.fill(order, trigger.price)
      : () => this.closePosition(order, trigger.price, STOP_CLOSED_TYPE[trigger.stop]);
    void this.serial(order.userId, work).catch(() => (order.busy = false));
  }

  /**
   * A triggered pending order opens its position with margin and fee worked out at the fill price,
   * as a market order's are at its open (margin is fixed at open); what it reserved is settled
   * against them. Unless the account cannot pay the difference, or would be in margin call with the
   * new position (at its opening loss, the spread, as a market order is judged): no position opens
   * below 100 %, so the order is cancelled and its margin and fee returned, as a broker rejects a
   * triggered order it has no free margin for.
   */
  private async fill(order: LiveOrder, price: string): Promise<void> {
    const inst = this.instrumentOf(order);
    const cost = this.costAt(order, inst, price);
    const quote = this.market.quote(inst.code);
    const pnl = quote ? money6(this.profitAt({ ...order, price }, inst, closingPrice(order.side, quote).toString())) : 0;
    const outcome = await this.transaction(async (tx) => {
      const available = await ledger.lockAvailable(tx, order.userId);
      const row = await store.lockOrder(tx, order.userId, order.id, 0);
      if (!row) return undefined;
      const after = dec(available).plus(row.margin).plus(row.fee).minus(cost.margin).minus(cost.fee);
      const account = this.book.findAccount(order.userId);
      const refused = after.lt(0) || (!!account && isMarginCall(after, [...heldPositions(account), { id: 'new', margin: cost.margin, pnl }]));
      if (!refused) return store.fillOrder(tx, row, price, cost);
      await store.cancelOrder(tx, order.userId, row, CLOSED_TYPE.noMargin);
      return 'cancelled' as const;
    });
    this.book.remove(order);
    if (outcome === 'cancelled') this.pushClosed(order.userId, [order.id]);
    else if (outcome) this.addRow(outcome);
  }

  /** Books the close of an open position at `price`; refuses when it is no longer open. */
  private async closePosition(order: LiveOrder, price: string, closedType: number): Promise<void> {
    order.busy = true;
    try {
      const inst = this.instrumentOf(order);
      const job: CloseJob = { kind: 'close', order, close: { price, profit: this.profitAt(order, inst, price).toString(), closedType } };
      // A loss the balance cannot cover takes the careful path, where the house's share is worked out on the locked wallet.
      const account = this.book.findAccount(order.userId);
      const covered = account && dec(account.balance).plus(order.margin).plus(job.close.profit).gte(0);
      await (covered ? this.commits.run(job) : this.closeAlone(job));
      this.book.remove(order);
      this.pushClosed(order.userId, [order.id]);
    } catch (error) {
      order.busy = false;
      throw error;
    }
  }

  /** Opens on the locked wallet: the account's own balance decides, and a refusal names why. */
  private openAlone(job: OpenJob): Promise<OrderRow> {
    return this.transaction(async (tx) => {
      const balance = await ledger.lockAvailable(tx, job.order.userId);
      const account = this.book.account(job.order.userId, balance);
      const problem = openRefusal(balance, heldPositions(account), job.order, job.opening);
      if (problem) refuse(problem);
      return store.insertOrder(tx, job.order);
    });
  }

  private closeAlone({ order, close }: CloseJob): Promise<null> {
    return this.transaction(async (tx) => {
      const balance = await ledger.lockAvailable(tx, order.userId);
      if (!(await store.lockOrder(tx, order.userId, order.id, ORDER_STATUS.open))) refuse('order_not_open');
      await store.closeOrders(tx, order.userId, balance, [{ id: order.id, close }]);
      return null;
    });
  }

  /**
   * A stop-out's positions, closed at the market in one transaction: the rules reset a negative
   * balance after the stop-out, so the loss of the first is met by what the others return before
   * the house covers what is left. One by one, each reset to 0, the others' money went to the
   * trader and the whole loss to the house.
   */
  private async stopOut(userId: number, orders: LiveOrder[]): Promise<void> {
    const closes = orders.map((order) => ({ order, close: { ...this.closing(order), closedType: CLOSED_TYPE.stopOut } }));
    const closed = await this.transaction(async (tx) => {
      const balance = await ledger.lockAvailable(tx, userId);
      const open: typeof closes = [];
      for (const c of closes) if (await store.lockOrder(tx, userId, c.order.id, ORDER_STATUS.open)) open.push(c);
      if (open.length > 0) await store.closeOrders(tx, userId, balance, open.map(({ order, close }) => ({ id: order.id, close })));
      return open.map((c) => c.order);
    });
    orders.forEach((o) => (o.busy = false));
    closed.forEach((o) => this.book.remove(o));
    if (closed.length > 0) this.pushClosed(userId, closed.map((o) => o.id));
  }

  /** A product's market is open now (a stop-out passes over positions on a shut one). */
  private readonly marketOpen = (productId: number): boolean => {
    const product = this.market.product(productId);
    return !!product && isMarketOpen(product);
  };

  /** Where an open position would close now: the quote's closing side, or its own price without one. */
  private closing(order: LiveOrder): { price: string; profit: string } {
    const inst = this.instrumentOf(order);
    const quote = this.market.quote(inst.code);
    const price = quote ? closingPrice(order.side, quote).toString() : order.price;
    return { price, profit: this.profitAt(order, inst, price).toString() };
  }

  /** Margin and fee of a pending order opening at `price`; as reserved when the price converts to no USD rate. */
  private costAt(order: LiveOrder, inst: Instrument, price: string): { margin: string; fee: string } {
    const conversion = this.conversion(inst, price);
    if (!conversion) return { margin: order.margin, fee: order.fee };
    const margin = marginOf({ marginMode: inst.marginMode, lots: order.lots, contractSize: order.contNum, openPrice: price, leverage: order.leverage, conversion });
    const fee = tradeFee({ feeType: this.settings.tradeFeeType, lots: order.lots, rate: inst.feeRate, margin });
    return { margin: money6(margin), fee: money6(fee) };
  }

  private profitAt(order: LiveOrder, inst: Instrument, price: string) {
    // The order's own units per lot: those it was placed with, whatever the product's are now.
    const pnl = pnlAtPrice({ side: order.side, openPrice: order.price, lots: order.lots, contractSize: order.contNum }, price);
    return toUsd(pnl, this.conversion(inst, price));
  }

  // Pushes.

  private tellChangedAccounts(): void {
    const userIds: number[] = [];
    for (const account of this.book.accountList) {
      if (!account.dirty) continue;
      account.dirty = false;
      userIds.push(account.userId);
    }
    if (userIds.length > 0) this.tell({ type: 'accounts_changed', userIds });
  }

  private pushClosed(userId: number, ids: number[]): void {
    this.tell({ type: 'orders_closed', userId, ids });
    this.pushFigures(userId);
  }

  /**
   * The account's figures at once after an order opened or left, not with the next round: the
   * balance a screen fetches after the change then meets the margin of the same moment.
   */
  private pushFigures(userId: number): void {
    const account = this.book.findAccount(userId);
    if (!account) return;
    account.dirty = false;
    this.tell({ type: 'accounts_changed', userIds: [userId] });
  }

  private tell(event: EngineEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** A committed balance change, the engine's own or another module's (a deposit, an adjustment). */
  private onWalletChange = (change: ledger.WalletAmounts): void => {
    const account = this.book.findAccount(change.userId);
    if (!account || change.seq <= (this.ledgerSeq.get(change.userId) ?? 0)) return;
    this.ledgerSeq.set(change.userId, change.seq);
    this.book.account(change.userId, change.available);
    account.dirty = true;
  };

  // Helpers.

  private addRow(row: OrderRow): void {
    const product = this.market.product(row.productId);
    const inst = product && this.market.instrument(product.Code);
    if (!inst) return;
    const order = liveOrderOf(row);
    const quote = this.market.quote(inst.code);
    if (quote) {
      order.updatePrice = Number(closingPrice(order.side, quote));
      if (order.status === ORDER_STATUS.open) order.pnl = this.profitAt(order, inst, String(order.updatePrice)).toNumber();
    }
    this.book.add(order);
  }

  private instrumentOf(order: LiveOrder): Instrument {
    return this.market.instrument(this.market.product(order.productId)!.Code)!;
  }

  /** Quote currency to USD for this instrument, valued at `pairPrice` where the pair itself is the rate. */
  private conversion(inst: Instrument, pairPrice: string): UsdConversion | undefined {
    return usdConversionFor(inst.code, pairPrice, (c) => this.market.quote(c)?.bid, inst.quoteCurrency);
  }

  private async refuseMissing(userId: number, id: number): Promise<never> {
    // Known but no longer live: closed or cancelled. Unknown or someone else's: the same answer.
    const row = await store.findOrder(this.db, userId, id);
    return refuse(row ? (row.status === ORDER_STATUS.cancelled ? 'order_not_pending' : 'order_not_open') : 'order_unknown');
  }

  /** A transaction of the engine: it writes only while it leads. */
  private transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return ledger.transaction(this.db, async (tx) => {
      await this.fence.check(tx);
      return work(tx);
    });
  }

  /** Runs `work` after every earlier request of the same account. */
  private serial<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(userId) ?? Promise.resolve();
    const run = before.catch(() => {}).then(work);
    const settled = run.catch(() => {});
    this.queues.set(userId, settled);
    void settled.then(() => {
      if (this.queues.get(userId) === settled) this.queues.delete(userId);
    });
    return run;
  }

  /** Account state for views. */
  account(userId: number): Account | undefined {
    return this.book.findAccount(userId);
  }
}

/**
 * A price given finer than the product is quoted (BTC to 0.1): shown at the product's places, it
 * would fire at a level the trader never sees (65,003.4 shown, 65,003.423 kept).
 */
function refuseFinerThanQuoted(dp: number, prices: Record<string, number | undefined>): void {
  for (const [field, price] of Object.entries(prices)) if (price !== undefined && dec(price).decimalPlaces() > dp) refuse('field_decimals', { field });
}

/** The SL/TP refusals that say which side of the current price a level must be on. */
const SIDE_RULES = new Set<string>(['sl_not_below_bid', 'tp_not_above_bid', 'sl_not_above_ask', 'tp_not_below_ask']);

/**
 * Refuses levels on the wrong side. Against the market, the words name the price judged by (the bid
 * a buy closes at, the ask a sell closes at), as the ticket's buttons show it; a pending order's
 * levels (no `quote`) are judged against its own price.
 */
function refuseStops(problem: NonNullable<ReturnType<typeof stopsRefusal>>, quote: Quote | undefined, dp: number): never {
  if (!SIDE_RULES.has(problem)) refuse(problem);
  if (!quote) refuse('pending_stops_side');
  return refuse(problem, { price: { amount: String(problem.endsWith('_bid') ? quote!.bid : quote!.ask), dp } });
}

/** Whether a stored order is the one `input` asks for: what a retry repeats (SL/TP may have been edited since). */
function sameOrder(row: OrderRow, input: SubmitInput): boolean {
  return row.side === input.side && row.productId === input.productId && dec(row.lots).eq(input.lots) && row.leverage === input.leverage &&
    (row.pendingType === null) === input.market && (input.market || dec(row.originPrice).eq(input.target));
}
