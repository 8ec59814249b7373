import { Fragment, useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { ORDER_STATUS, ORDER_TAB, type Order } from '../../../../contract/trading';
import { isFinished } from '../../../../machines/shared/paged-list';
import { queryParams } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { orderDetailFlow, ordersFlow } from '../orders-flows';
import { accountFeed } from '../../../shared/live/account-feed';
import { Amount } from '../../../shared/ui/amount';
import { ListEnd } from '../../../shared/ui/list-end';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { Sheet } from '../../../shared/ui/sheet';

const TABS = [
  { status: ORDER_TAB.holding, label: 'orders.holding' },
  { status: ORDER_TAB.pending, label: 'orders.pending' },
  { status: ORDER_TAB.history, label: 'orders.history' },
] as const;
type TabStatus = (typeof TABS)[number]['status'];

const tabOf = (): TabStatus => {
  const type = Number(queryParams().get('type') ?? ORDER_TAB.holding);
  return TABS.find((t) => t.status === type)?.status ?? ORDER_TAB.holding;
};

/** /order: holding, pending and history (query `type`), a live summary, and a popup per order. */
export default function OrdersScreen() {
  const intl = useIntl();
  useSearch(); // the tab lives in the query: render again when it changes
  const status = tabOf();
  return (
    <main className="page">
      <header className="page-header"><div className="side" /><h1>{intl.formatMessage({ id: 'screen.orders' })}</h1><div className="side" /></header>
      <nav className="chips" aria-label={intl.formatMessage({ id: 'screen.orders' })}>
        {TABS.map((t) => (
          <Link key={t.status} href={`/order?type=${t.status}`} className="chip" aria-current={t.status === status ? 'page' : undefined}><FormattedMessage id={t.label} /></Link>
        ))}
      </nav>
      <OrderTab key={status} status={status} />
    </main>
  );
}

function OrderTab({ status }: { status: TabStatus }) {
  const intl = useIntl();
  const list = useFlow(useMemo(() => ordersFlow(status), [status]));
  const detail = useFlow(useMemo(() => orderDetailFlow(() => list.send({ type: 'LIST.REFRESH' })), [list]));
  const items = useSelector(list, (s) => s.context.items) as Order[];
  const phase = useSelector(list, (s) => (s.matches('failed') ? 'failed' : s.matches('loading') ? 'loading' : 'idle'));
  const finished = useSelector(list, (s) => isFinished(s.context));
  const balance = useSelector(list, (s) => s.context.meta.balance);
  const live = useSyncExternalStore(accountFeed.subscribe, accountFeed.get);
  const shown = useSelector(detail, (s) => s.context.order);

  // A closed push removes the order from holding and pending, brings it into history, and closes
  // its popup.
  useEffect(() => accountFeed.onClosed((ids) => {
    if (status === ORDER_TAB.history) list.send({ type: 'LIST.REFRESH' });
    ids.forEach((id) => {
      if (status !== ORDER_TAB.history) list.send({ type: 'ITEM.REMOVE', id });
      detail.send({ type: 'ORDER.CLOSED', id });
    });
  }), [list, detail, status]);
  const more = useCallback(() => list.send({ type: 'LIST.MORE' }), [list]);
  const refresh = useCallback(() => list.send({ type: 'LIST.REFRESH' }), [list]);
  // Each push's P&L by order id, looked up once per row rather than searched.
  const livePnl = useMemo(() => new Map(live?.TransOrder.map((t) => [t.Id, t.FactProfits])), [live]);
  const pnlOf = (o: Order) => livePnl.get(o.Id) ?? o.FactProfits;
  return (
    <PullToRefresh onRefresh={refresh}>
      <section className="card summary" data-testid="order-summary">
        <dl className="preview">
          <dt><FormattedMessage id="orders.balance" /></dt><dd><Amount value={balance} dp={2} /></dd>
          <dt><FormattedMessage id="orders.margin" /></dt><dd><Amount value={live?.CautionMoneyAll} dp={6} /></dd>
          <dt><FormattedMessage id="orders.profit" /></dt><dd><Amount value={live?.ProfitsTotal} dp={6} /></dd>
          <dt><FormattedMessage id="orders.risk" /></dt><dd>{live ? `${live.HazardRate.toFixed(2)}%` : '—'}</dd>
        </dl>
        <button type="button" className="btn small secondary" onClick={refresh}><FormattedMessage id="orders.refresh" /></button>
      </section>
      {phase === 'failed' && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {phase !== 'failed' && items.length === 0 && (phase === 'loading' ? <p className="empty"><FormattedMessage id="common.loading" /></p> : <p className="empty"><FormattedMessage id="common.noData" /></p>)}
      <ul className="order-list">
        {items.map((o) => (
          <li key={o.Id}>
            <button type="button" className="order-row" data-order={o.Id} onClick={() => detail.send({ type: 'DETAIL.OPEN', order: o })}>
              <span><strong>{o.ForexTradeLists.ShowCode}</strong> <span className={o.OrderType === 1 ? 'rise' : 'fall'}><FormattedMessage id={o.OrderType === 1 ? 'ticket.buy' : 'ticket.sell'} /></span> {o.Quantity}</span>
              <span className={Number(pnlOf(o)) >= 0 ? 'rise' : 'fall'} data-testid="order-profit"><Amount value={pnlOf(o)} dp={6} /></span>
            </button>
          </li>
        ))}
        {items.length > 0 && <ListEnd finished={finished} rows={items.length} onVisible={more} />}
      </ul>
      <Sheet open={shown !== undefined} onClose={() => detail.send({ type: 'DETAIL.CLOSE' })} label={intl.formatMessage({ id: 'orders.detail' })}>
        {shown && <OrderDetail order={shown} detail={detail} pnl={pnlOf(shown)} />}
      </Sheet>
    </PullToRefresh>
  );
}

function OrderDetail({ order, detail, pnl }: { order: Order; detail: ReturnType<typeof useFlow<ReturnType<typeof orderDetailFlow>>>; pnl: string | number }) {
  const sl = useSelector(detail, (s) => s.context.sl);
  const tp = useSelector(detail, (s) => s.context.tp);
  const busy = useSelector(detail, (s) => !s.matches('open'));
  const live = order.Status === ORDER_STATUS.pending || order.Status === ORDER_STATUS.open;
  const rows: [string, ReactNode][] = [
    ['orders.number', order.OrderOn],
    ['orders.price', order.Price],
    ['orders.current', order.UpdatePrice],
    ['orders.profit', <Amount key="p" value={pnl} dp={6} />],
    ['orders.margin', <Amount key="m" value={order.CautionMoney} dp={6} />],
    ['orders.fee', <Amount key="f" value={order.TradeFee} dp={6} />],
    ['ticket.leverage', `${order.Multiple}x`],
    ['orders.opened', order.CreateTimeHandler],
    ...(order.CompleteTimeHandler ? [['orders.completed', order.CompleteTimeHandler] as [string, ReactNode]] : []),
  ];
  return (
    <div className={`content order-detail ${order.Status === ORDER_STATUS.open ? 'tall' : ''}`} data-testid="order-detail">
      <h2>{order.ForexTradeLists.ShowCode} · <FormattedMessage id={order.OrderType === 1 ? 'ticket.buy' : 'ticket.sell'} /> {order.Quantity}</h2>
      <dl className="preview">{rows.map(([label, value]) => <Fragment key={label}><dt><FormattedMessage id={label} /></dt><dd>{value}</dd></Fragment>)}</dl>
      {live && (
        <>
          <label className="ticket-row"><FormattedMessage id="ticket.stopLoss" />
            <input className="input" inputMode="decimal" value={sl} onChange={(e) => detail.send({ type: 'SL.CHANGE', value: e.target.value })} /></label>
          <label className="ticket-row"><FormattedMessage id="ticket.takeProfit" />
            <input className="input" inputMode="decimal" value={tp} onChange={(e) => detail.send({ type: 'TP.CHANGE', value: e.target.value })} /></label>
          <button type="button" className="btn secondary" disabled={busy} onClick={() => detail.send({ type: 'STOPS.SAVE' })}><FormattedMessage id="orders.saveStops" /></button>
        </>
      )}
      {order.Status === ORDER_STATUS.open && <button type="button" className="btn danger" disabled={busy} onClick={() => detail.send({ type: 'ORDER.CLOSE' })}><FormattedMessage id="orders.close" /></button>}
      {order.Status === ORDER_STATUS.pending && <button type="button" className="btn danger" disabled={busy} onClick={() => detail.send({ type: 'ORDER.CANCEL' })}><FormattedMessage id="orders.cancel" /></button>}
    </div>
  );
}
