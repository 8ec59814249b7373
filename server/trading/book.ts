import type { ForexTradeFrame } from '../../contract/socket';
import { ORDER_STATUS } from '../../contract/trading';
import { accountSnapshot, isStopOut, stopOutOrder, type HeldPosition } from '../../domain/account';
import { money6, sum } from '../../domain/decimal';
import { pendingFill, stopFire, type PendingType, type StopKind } from '../../domain/orders';
import { BUY, SELL, type Side } from '../../domain/types';
import type { OrderRow } from './schema';

/**
 * The engine's memory: every pending and open order, by instrument and by account, with its
 * floating P&L. A tick touches only the orders of its instrument; the domain decides every
 * trigger, asked only when a plain number comparison says a level may have been reached.
 */
export interface LiveOrder {
  id: number;
  userId: number;
  productId: number;
  side: Side;
  status: typeof ORDER_STATUS.pending | typeof ORDER_STATUS.open;
  pendingType: PendingType | undefined;
  /** Decimal text as stored. */
  lots: string;
  /** Units per lot, as placed. */
  contNum: string;
  leverage: number;
  origin: string;
  price: string;
  stopLoss: string;
  takeProfit: string;
  margin: string;
  fee: string;
  // The same as numbers, for the per-tick comparisons.
  units: number;
  openNum: number;
  originNum: number;
  slNum: number;
  tpNum: number;
  marginNum: number;
  /** Floating P&L in USD and the closing-side price, as of the last tick. */
  pnl: number;
  updatePrice: number;
  /** A fill or close of this order is on its way to the store. */
  busy: boolean;
}

export interface Account {
  userId: number;
  /** Free cash (decimal text), as the store last committed it, and as a number for the tick's look. */
  balance: string;
  balanceNum: number;
  open: Map<number, LiveOrder>;
  pending: Map<number, LiveOrder>;
  /** Sums over `open`, kept as ticks arrive. */
  pnl: number;
  margin: number;
  /** Something the FOREX_TRADE push shows has changed since the last push. */
  dirty: boolean;
  /** The last tick that revalued this account, so a tick visits each account once. */
  tickSeen: number;
}

/**
 * One instrument's orders in a dense array with their accounts beside them, so a tick is a plain
 * loop without lookups; an index by id makes removal a swap with the last.
 */
class ProductOrders {
  readonly orders: LiveOrder[] = [];
  readonly owners: Account[] = [];
  private readonly slot = new Map<number, number>();

  add(order: LiveOrder, owner: Account): void {
    const at = this.slot.get(order.id);
    if (at !== undefined) {
      this.orders[at] = order;
      this.owners[at] = owner;
      return;
    }
    this.slot.set(order.id, this.orders.length);
    this.orders.push(order);
    this.owners.push(owner);
  }

  delete(id: number): void {
    const at = this.slot.get(id);
    if (at === undefined) return;
    this.slot.delete(id);
    const last = this.orders.length - 1;
    if (at !== last) {
      this.orders[at] = this.orders[last]!;
      this.owners[at] = this.owners[last]!;
      this.slot.set(this.orders[at].id, at);
    }
    this.orders.pop();
    this.owners.pop();
  }
}

/** What a tick asks the engine to do. */
export type Trigger =
  | { kind: 'fill'; order: LiveOrder; price: string }
  | { kind: 'stop'; order: LiveOrder; stop: StopKind; price: string }
  | { kind: 'stop_out'; userId: number; ids: number[] };

/** Converts a P&L in the quote currency to USD, for one side of one instrument at one tick. */
export type UsdFactor = (side: Side) => number;

export function liveOrderOf(row: OrderRow): LiveOrder {
  const price = row.price ?? row.originPrice;
  return {
    id: row.id,
    userId: row.userId,
    productId: row.productId,
    side: row.side as Side,
    status: row.status === ORDER_STATUS.pending ? ORDER_STATUS.pending : ORDER_STATUS.open,
    pendingType: (row.pendingType ?? undefined) as PendingType | undefined,
    lots: row.lots,
    origin: row.originPrice,
    price,
    stopLoss: row.stopLoss,
    takeProfit: row.takeProfit,
    margin: row.margin,
    fee: row.fee,
    contNum: row.contNum,
    leverage: row.leverage,
    units: Number(row.lots) * Number(row.contNum),
    openNum: Number(price),
    originNum: Number(row.originPrice),
    slNum: Number(row.stopLoss),
    tpNum: Number(row.takeProfit),
    marginNum: Number(row.margin),
    pnl: 0,
    updatePrice: Number(price),
    busy: false,
  };
}

export class Book {
  private readonly byProduct = new Map<number, ProductOrders>();
  private readonly accounts = new Map<number, Account>();
  private tickCount = 0;
  private readonly touched: Account[] = [];

  account(userId: number, balance?: string): Account {
    let account = this.accounts.get(userId);
    if (!account) {
      const cash = balance ?? '0';
      account = { userId, balance: cash, balanceNum: Number(cash), open: new Map(), pending: new Map(), pnl: 0, margin: 0, dirty: false, tickSeen: 0 };
      this.accounts.set(userId, account);
    } else if (balance !== undefined) {
      account.balance = balance;
      account.balanceNum = Number(balance);
    }
    return account;
  }

  findAccount(userId: number): Account | undefined {
    return this.accounts.get(userId);
  }

  get accountList(): IterableIterator<Account> {
    return this.accounts.values();
  }

  order(userId: number, id: number): LiveOrder | undefined {
    const account = this.accounts.get(userId);
    return account?.open.get(id) ?? account?.pending.get(id);
  }

  add(order: LiveOrder): void {
    let orders = this.byProduct.get(order.productId);
    if (!orders) this.byProduct.set(order.productId, (orders = new ProductOrders()));
    const account = this.account(order.userId);
    orders.add(order, account);
    if (order.status === ORDER_STATUS.open) {
      account.open.set(order.id, order);
      account.pnl += order.pnl;
      account.margin += order.marginNum;
    } else {
      account.pending.set(order.id, order);
    }
    account.dirty = true;
  }

  remove(order: LiveOrder): void {
    this.byProduct.get(order.productId)?.delete(order.id);
    const account = this.accounts.get(order.userId);
    if (!account) return;
    if (account.open.delete(order.id)) {
      account.pnl -= order.pnl;
      account.margin -= order.marginNum;
    }
    account.pending.delete(order.id);
    account.dirty = true;
    if (account.open.size === 0) account.pnl = account.margin = 0; // no float dust on an empty account
  }

  /** Every order of `productId` at this quote: revalue, and list the triggers due. */
  tick(productId: number, bid: number, ask: number, usd: UsdFactor, stopOutLevel: number, isOpen: MarketOpen): Trigger[] {
    const product = this.byProduct.get(productId);
    if (!product || product.orders.length === 0) return [];
    const { orders, owners } = product;
    const triggers: Trigger[] = [];
    const touched = this.touched;
    touched.length = 0;
    const stamp = ++this.tickCount;
    const buyFactor = usd(BUY);
    const sellFactor = usd(SELL);
    for (let i = 0; i < orders.length; i++) {
      const order = orders[i]!;
      if (order.busy) continue;
      const buy = order.side === BUY;
      const close = buy ? bid : ask;
      // Open or pending, an order is shown at the price it would close at now.
      order.updatePrice = close;
      if (order.status === ORDER_STATUS.pending) {
        const due = pendingDue(order, bid, ask) ? pendingFill(order.pendingType!, order.origin, { bid, ask }) : undefined;
        if (due) triggers.push({ kind: 'fill', order, price: due.toString() });
        continue;
      }
      const pnl = buy ? (close - order.openNum) * order.units * buyFactor : (order.openNum - close) * order.units * sellFactor;
      const account = owners[i]!;
      account.pnl += pnl - order.pnl;
      order.pnl = pnl;
      if (account.tickSeen !== stamp) {
        account.tickSeen = stamp;
        touched.push(account);
      }
      if (stopMayFire(order, close)) {
        const fired = stopFire(order.side, { stopLoss: order.stopLoss, takeProfit: order.takeProfit }, { bid, ask });
        if (fired) triggers.push({ kind: 'stop', order, stop: fired.kind, price: fired.price.toString() });
      }
    }
    for (const account of touched) {
      account.dirty = true;
      // A cheap float look first; the domain decides on decimals when the rate is near the level.
      if (account.margin <= 0) continue;
      const rate = ((account.balanceNum + account.margin + account.pnl) / account.margin) * 100;
      if (rate > stopOutLevel + 1) continue;
      const held = heldPositions(account, isOpen);
      if (!isStopOut(account.balance, held, stopOutLevel)) continue;
      const ids = stopOutOrder(account.balance, held, stopOutLevel).map(Number);
      if (ids.length > 0) triggers.push({ kind: 'stop_out', userId: account.userId, ids });
    }
    touched.length = 0;
    return triggers;
  }

  /**
   * The numbers of an account's FOREX_TRADE push, of one moment: a position whose close is on its
   * way to the store is still open (listed, its margin and loss counted) until the close commits and
   * credits the balance.
   */
  snapshot(account: Account): AccountFigures {
    const figures = accountSnapshot(account.balance, openPositions(account).map(positionOf));
    return {
      ProfitsTotal: money6(figures.profitsTotal),
      HazardRate: figures.hazardRate.toNumber(),
      CautionMoneyAll: money6(figures.cautionMoneyAll),
      PendingHeld: money6(sum([...account.pending.values()].flatMap((o) => [o.margin, o.fee]))),
      Balance: money6(account.balance),
      TransOrder: [...account.open.values()].map((o) => ({ Id: o.id, UpdatePrice: o.updatePrice, FactProfits: money6(o.pnl) })),
    };
  }
}

export type AccountFigures = Omit<ForexTradeFrame, 'type'>;

/** Every open position oldest first, those whose close is on its way included. */
const openPositions = (account: Account): LiveOrder[] => [...account.open.values()].sort((a, b) => a.id - b.id);
const positionOf = (o: LiveOrder): HeldPosition => ({ id: o.id, margin: o.margin, pnl: money6(o.pnl) });
/** Whether a product's market is open now: a stop-out closes nothing on a shut one. */
export type MarketOpen = (productId: number) => boolean;

/**
 * The open positions the account's rules decide on, oldest first: a position being closed is left
 * out, as it will be once its close commits.
 */
export function heldPositions(account: Account, isOpen?: MarketOpen): HeldPosition[] {
  return openPositions(account).filter((o) => !o.busy).map((o) => ({ ...positionOf(o), closable: isOpen?.(o.productId) ?? true }));
}

function pendingDue(order: LiveOrder, bid: number, ask: number): boolean {
  switch (order.pendingType) {
    case 'buy_limit': return ask <= order.originNum;
    case 'buy_stop': return ask >= order.originNum;
    case 'sell_limit': return bid >= order.originNum;
    case 'sell_stop': return bid <= order.originNum;
    default: return false;
  }
}

function stopMayFire(order: LiveOrder, close: number): boolean {
  const { slNum: sl, tpNum: tp } = order;
  if (order.side === BUY) return (sl > 0 && close <= sl) || (tp > 0 && close >= tp);
  return (sl > 0 && close >= sl) || (tp > 0 && close <= tp);
}
