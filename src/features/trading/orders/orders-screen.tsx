import { Fragment, useCallback, useMemo, type ReactNode } from 'react';
import { tradingMessages } from '../messages';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { ORDER_TAB, type Order } from '../../../../contract/trading';
import { BUY } from '../../../../domain/types';
import type { DetailEvent } from '../../../../machines/trading/order-detail';
import type { OrderTab as Tab } from '../../../../machines/trading/positions';
import { connectPositions, type PositionsView } from '../../../../machines/trading/positions.connect';
import { queryParams } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { positionsFlow } from '../orders-flows';
import { Amount } from '../../../shared/ui/amount';
import { ListEnd } from '../../../shared/ui/list-end';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { Sheet } from '../../../shared/ui/sheet';

// The trading strings come with the first trading screen.
await tradingMessages;

const TABS = [
  { status: ORDER_TAB.holding, label: 'orders.holding' },
  { status: ORDER_TAB.pending, label: 'orders.pending' },
  { status: ORDER_TAB.history, label: 'orders.history' },
] as const;

const tabOf = (): Tab => {
  const type = Number(queryParams().get('type') ?? ORDER_TAB.holding);
  return TABS.find((t) => t.status === type)?.status ?? ORDER_TAB.holding;
};

const sideLabel = (order: Order) => (order.OrderType === BUY ? 'ticket.buy' : 'ticket.sell');

/** /order: holding, pending and history (query `type`), a live summary, and a popup per order. */
export default function OrdersScreen() {
  const intl = useIntl();
  useSearch(); // the tab lives in the query: render again when it changes
  const tab = tabOf();
  return (
    <main className="page">
      <header className="page-header"><div className="side" /><h1>{intl.formatMessage({ id: 'screen.orders' })}</h1><div className="side" /></header>
      <nav className="chips" aria-label={intl.formatMessage({ id: 'screen.orders' })}>
        {TABS.map((t) => (
          <Link key={t.status} href={`/order?type=${t.status}`} className="chip" aria-current={t.status === tab ? 'page' : undefined}><FormattedMessage id={t.label} /></Link>
        ))}
      </nav>
      {/* Each tab starts afresh: its list from page 1, no popup. */}
      <OrderTab key={tab} tab={tab} />
    </main>
  );
}

function OrderTab({ tab }: { tab: Tab }) {
  const intl = useIntl();
  const positions = useFlow(useMemo(positionsFlow, []), { tab });
  const snapshot = useSelector(positions, (s) => s);
  const { list, detail } = snapshot.children;
  const view = connectPositions(snapshot, useSelector(list, (s) => s), useSelector(detail, (s) => s));
  const more = useCallback(() => positions.send({ type: 'LIST.MORE' }), [positions]);
  const refresh = useCallback(() => positions.send({ type: 'LIST.REFRESH' }), [positions]);
  const sendDetail = useCallback((event: DetailEvent) => detail?.send(event), [detail]);
  return (
    <PullToRefresh onRefresh={refresh}>
      <section className="card summary" data-testid="order-summary">
        <dl className="preview">
          <dt><FormattedMessage id="orders.balance" /></dt><dd><Amount value={view.balance} dp={2} /></dd>
          <dt><FormattedMessage id="orders.margin" /></dt><dd><Amount value={view.margin} dp={6} /></dd>
          <dt><FormattedMessage id="orders.profit" /></dt><dd><Amount value={view.profit} dp={6} /></dd>
          <dt><FormattedMessage id="orders.risk" /></dt><dd>{view.riskRate !== undefined ? `${view.riskRate.toFixed(2)}%` : '—'}</dd>
        </dl>
        <button type="button" className="btn small secondary" onClick={refresh}><FormattedMessage id="orders.refresh" /></button>
      </section>
      {view.isFailed && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {view.empty && <p className="empty"><FormattedMessage id={view.empty === 'loading' ? 'common.loading' : 'common.noData'} /></p>}
      <ul className="order-list">
        {view.rows.map(({ order: o, pnl }) => (
          <li key={o.Id}>
            <button type="button" className="order-row" data-order={o.Id} onClick={() => sendDetail({ type: 'DETAIL.OPEN', order: o })}>
              <span><strong>{o.ForexTradeLists.ShowCode}</strong> <span className={o.OrderType === BUY ? 'rise' : 'fall'}><FormattedMessage id={sideLabel(o)} /></span> {o.Quantity}</span>
              <span className={Number(pnl) >= 0 ? 'rise' : 'fall'} data-testid="order-profit"><Amount value={pnl} dp={6} /></span>
            </button>
          </li>
        ))}
        {view.rows.length > 0 && <ListEnd finished={view.isFinished} rows={view.rows.length} onVisible={more} />}
      </ul>
      <Sheet open={view.detail !== undefined} onClose={() => sendDetail({ type: 'DETAIL.CLOSE' })} label={intl.formatMessage({ id: 'orders.detail' })}>
        {view.detail && <OrderDetail view={view.detail} send={sendDetail} />}
      </Sheet>
    </PullToRefresh>
  );
}

function OrderDetail({ view, send }: { view: NonNullable<PositionsView['detail']>; send: (event: DetailEvent) => void }) {
  const { order, pnl, isBusy: busy } = view;
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
    <div className={`content order-detail ${view.canClose ? 'tall' : ''}`} data-testid="order-detail">
      <h2>{order.ForexTradeLists.ShowCode} · <FormattedMessage id={sideLabel(order)} /> {order.Quantity}</h2>
      <dl className="preview">{rows.map(([label, value]) => <Fragment key={label}><dt><FormattedMessage id={label} /></dt><dd>{value}</dd></Fragment>)}</dl>
      {view.canEditStops && (
        <>
          <label className="ticket-row"><FormattedMessage id="ticket.stopLoss" />
            <input className="input" inputMode="decimal" value={view.sl} onChange={(e) => send({ type: 'SL.CHANGE', value: e.target.value })} /></label>
          <label className="ticket-row"><FormattedMessage id="ticket.takeProfit" />
            <input className="input" inputMode="decimal" value={view.tp} onChange={(e) => send({ type: 'TP.CHANGE', value: e.target.value })} /></label>
          <button type="button" className="btn secondary" disabled={busy} onClick={() => send({ type: 'STOPS.SAVE' })}><FormattedMessage id="orders.saveStops" /></button>
        </>
      )}
      {view.canClose && <button type="button" className="btn danger" disabled={busy} onClick={() => send({ type: 'ORDER.CLOSE' })}><FormattedMessage id="orders.close" /></button>}
      {view.canCancel && <button type="button" className="btn danger" disabled={busy} onClick={() => send({ type: 'ORDER.CANCEL' })}><FormattedMessage id="orders.cancel" /></button>}
    </div>
  );
}
