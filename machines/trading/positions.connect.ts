import type { SnapshotFrom } from 'xstate';
import type { Order } from '../../contract/trading';
import { connectPagedList, type PagedListSnapshot, type PagedListView } from '../shared/paged-list.connect';
import { connectOrderDetail, type OrderDetailView } from './order-detail.connect';
import type { OrderTab, PositionsContext, positionDetail, positionsMachine } from './positions';

type Money = Order['FactProfits'];
type Live = NonNullable<PositionsContext['live']>;

export interface PositionRow {
  order: Order;
  /** The pushed P&L when a push carried this order, else the one the list was loaded with. */
  pnl: Money;
}

export interface PositionsView extends Omit<PagedListView<Order>, 'items'> {
  tab: OrderTab;
  rows: PositionRow[];
  /** The figures of the summary; undefined until known. */
  balance: Money | undefined;
  margin: Money | undefined;
  profit: Money | undefined;
  /** Risk rate in percent. */
  riskRate: number | undefined;
  /** The popup of one order, with the same live P&L as its row; undefined while none is shown. */
  detail: (OrderDetailView & { order: Order; pnl: Money }) | undefined;
}

// One lookup table per push, made once however often the view is read.
const tables = new WeakMap<Live, Map<number, Money>>();
function pnlTable(live: Live): Map<number, Money> {
  let table = tables.get(live);
  if (!table) tables.set(live, (table = new Map(live.TransOrder.map((t) => [t.Id, t.FactProfits]))));
  return table;
}

/** The live P&L of one order (the row and its popup show the same figure). */
export function livePnl(context: PositionsContext, order: Order): Money {
  return (context.live && pnlTable(context.live).get(order.Id)) ?? order.FactProfits;
}

/** What /order shows, from the positions actor and its two children: the tab's list and the popup. */
export function connectPositions(
  snapshot: SnapshotFrom<typeof positionsMachine>,
  list: PagedListSnapshot<Order> | undefined,
  detail: SnapshotFrom<typeof positionDetail> | undefined,
): PositionsView {
  const { items, ...listView } = connectPagedList(list);
  const { live, tab } = snapshot.context;
  const popup = detail && connectOrderDetail(detail);
  return {
    ...listView,
    tab,
    rows: items.map((order) => ({ order, pnl: livePnl(snapshot.context, order) })),
    balance: listView.meta.balance,
    margin: live?.CautionMoneyAll,
    profit: live?.ProfitsTotal,
    riskRate: live?.HazardRate,
    detail: popup?.order && { ...popup, order: popup.order, pnl: livePnl(snapshot.context, popup.order) },
  };
}
