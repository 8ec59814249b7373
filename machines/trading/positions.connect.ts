import type { SnapshotFrom } from 'xstate';
import { CLOSED_TYPE, ORDER_STATUS, type Order } from '../../contract/trading';
import { closingPrice, openingPrice } from '../../domain/pnl';
import type { PendingType } from '../../domain/orders';
import type { Quote } from '../../domain/types';
import { connectAccountFigures, type AccountFiguresView } from '../shared/account-figures.connect';
import { connectPagedList, type PagedListSnapshot, type PagedListView } from '../shared/paged-list.connect';
import { connectOrderDetail, type OrderDetailView } from './order-detail.connect';
import { pendingKindOf } from './pending-kind';
import type { OrderTab, PositionsContext, positionDetail, positionsMachine } from './positions';

type Money = Order['FactProfits'];
type Live = NonNullable<PositionsContext['live']>;

export interface PositionRow {
  order: Order;
  /** The pushed P&L when a push carried this order, else the one the list was loaded with. */
  pnl: Money;
  /** Whether there is a P&L to show: a position's or a closed trade's; a pending order has not opened, a cancelled one never did. */
  hasPnl: boolean;
  /**
   * The price now: a position's close price (pushed with its P&L), a pending order's market price
   * (the ask for a buy, the bid for a sell: the side it would open at), history's close price.
   */
  price: number;
  /** A pending order's kind (buy limit, sell stop...), read from its price against the market. */
  kind: PendingType | undefined;
  /** What `price` is, in the trader's words: the market a pending order waits on, a position's price now, a closed one's close. */
  priceLabel: 'orders.market' | 'orders.current' | 'orders.closePrice';
  /** A pending order cancelled before it filled: history names it so, with the price it waited for, not as a trade. */
  cancelled: boolean;
  /** Said of a cancelled order: by the trader, or by the engine as it triggered without the margin to open. */
  cancelledLabel: 'orders.cancelled' | 'orders.cancelledNoMargin';
  /** Why a closed trade closed: the trader, its stop-loss or take-profit, a stop-out, or staff. */
  closedBy: ClosedBy | undefined;
  /** The moment it began: a position opened, an order that waited (or still waits) was placed. */
  startLabel: 'orders.opened' | 'orders.placedAt';
}

export type ClosedBy = 'orders.byYou' | 'orders.byStopOut' | 'ticket.takeProfit' | 'ticket.stopLoss' | 'orders.byStaff';
const CLOSED_BY: Record<number, ClosedBy> = {
  [CLOSED_TYPE.user]: 'orders.byYou',
  [CLOSED_TYPE.stopOut]: 'orders.byStopOut',
  [CLOSED_TYPE.takeProfit]: 'ticket.takeProfit',
  [CLOSED_TYPE.stopLoss]: 'ticket.stopLoss',
  [CLOSED_TYPE.staff]: 'orders.byStaff',
};

/** The live two-sided quote of a product code, when one has arrived. */
export type QuoteOf = (code: string) => Quote | undefined;

export interface PositionsView extends Omit<PagedListView<Order>, 'items'> {
  tab: OrderTab;
  rows: PositionRow[];
  /** The figures of the summary; undefined until known. */
  balance: Money | undefined;
  margin: Money | undefined;
  profit: Money | undefined;
  /** Risk rate in percent. */
  riskRate: number | undefined;
  /** Balance, equity, margin used, free margin, risk rate; undefined until the list brought the balance. */
  figures: AccountFiguresView | undefined;
  /** The popup of one order, with the same live P&L and price as its row; undefined while none is shown. */
  detail: (OrderDetailView & PositionRow) | undefined;
  /** The position just closed, as booked: the popup shows its realised P&L. */
  settled: Order | undefined;
}

type Pushed = Live['TransOrder'][number];

// One lookup table per push, made once however often the view is read.
const tables = new WeakMap<Live, Map<number, Pushed>>();
function pushedTable(live: Live): Map<number, Pushed> {
  let table = tables.get(live);
  if (!table) tables.set(live, (table = new Map(live.TransOrder.map((t) => [t.Id, t]))));
  return table;
}

const pushed = (context: PositionsContext, order: Order) => context.live && pushedTable(context.live).get(order.Id);

/** The live P&L of one order (the row and its popup show the same figure). */
export function livePnl(context: PositionsContext, order: Order): Money {
  return pushed(context, order)?.FactProfits ?? order.FactProfits;
}

/** One row as shown: live P&L and price, and a pending order's kind. */
export function positionRow(context: PositionsContext, order: Order, quoteOf: QuoteOf): PositionRow {
  const quote = quoteOf(order.ForexTradeLists.Code);
  const pending = order.Status === ORDER_STATUS.pending;
  const open = order.Status === ORDER_STATUS.open;
  let price = order.UpdatePrice;
  if (open) price = pushed(context, order)?.UpdatePrice ?? (quote ? Number(closingPrice(order.OrderType, quote)) : price);
  // A pending order's Price is its trigger; the market price is what the trader watches it against.
  if (pending) price = quote ? Number(openingPrice(order.OrderType, quote)) : price;
  return {
    order,
    pnl: livePnl(context, order),
    hasPnl: !pending && order.Status !== ORDER_STATUS.cancelled,
    price,
    kind: pendingKindOf(order, quote),
    priceLabel: pending ? 'orders.market' : order.Status === ORDER_STATUS.closed ? 'orders.closePrice' : 'orders.current',
    cancelled: order.Status === ORDER_STATUS.cancelled,
    cancelledLabel: order.ClosedType === CLOSED_TYPE.noMargin ? 'orders.cancelledNoMargin' : 'orders.cancelled',
    closedBy: order.Status === ORDER_STATUS.closed ? CLOSED_BY[order.ClosedType ?? CLOSED_TYPE.none] : undefined,
    startLabel: pending || order.Status === ORDER_STATUS.cancelled ? 'orders.placedAt' : 'orders.opened',
  };
}

/** What /order shows, from the positions actor and its two children: the tab's list and the popup. */
export function connectPositions(
  snapshot: SnapshotFrom<typeof positionsMachine>,
  list: PagedListSnapshot<Order> | undefined,
  detail: SnapshotFrom<typeof positionDetail> | undefined,
  quoteOf: QuoteOf = () => undefined,
): PositionsView {
  const { items, ...listView } = connectPagedList(list);
  const { live, tab } = snapshot.context;
  const popup = detail && connectOrderDetail(detail);
  return {
    ...listView,
    tab,
    rows: items.map((order) => positionRow(snapshot.context, order, quoteOf)),
    balance: listView.meta.balance,
    margin: live?.CautionMoneyAll,
    profit: live?.ProfitsTotal,
    riskRate: live?.HazardRate,
    figures: connectAccountFigures(listView.meta.balance as Money | undefined, live),
    detail: popup?.order && { ...popup, ...positionRow(snapshot.context, popup.order, quoteOf) },
    settled: popup?.settled,
  };
}
