import { Fragment, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { tradingMessages } from '../messages';
import { useSelector } from '@xstate/react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { ORDER_TAB, type Order } from '../../../../contract/trading';
import { BUY } from '../../../../domain/types';
import type { DetailEvent } from '../../../../machines/trading/order-detail';
import type { OrderTab as Tab } from '../../../../machines/trading/positions';
import { connectPositions, type PositionRow, type PositionsView, type QuoteOf } from '../../../../machines/trading/positions.connect';
import { kindOrSideLabel } from '../../../../machines/trading/pending-kind';
import { queryParams } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { positionsFlow } from '../orders-flows';
import { quoteStore } from '../../../shared/live/quote-store';
import { productListActor } from '../../../shared/root/root-actor';
import { useStale } from '../../../shared/live/connection-banner';
import { AccountFigures } from '../../../shared/ui/account-figures';
import { Amount } from '../../../shared/ui/amount';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ListEnd } from '../../../shared/ui/list-end';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { Problem } from '../../../shared/ui/form';
import { Sheet, SheetHead } from '../../../shared/ui/sheet';
import { useScreenTitle } from '../../../shared/ui/screen-title';
import { WireTime } from '../../../shared/ui/wire-time';
import { leftToRight } from '../../../../machines/shared/isolate';

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

/** A pending order says its kind (buy limit...), a position its side. */
const kindLabel = (row: PositionRow) => kindOrSideLabel(row.order.OrderType, row.kind);

/**
 * Live bid and ask by product code; before the first tick the ask is taken as the bid. A closed
 * market sends no ticks: the quotes list's last bid and ask stand then, when it has them (a pending
 * order is watched against its own side, which the order's closing-side price is not).
 */
const quoteOf: QuoteOf = (code) => {
  const q = quoteStore.get(code);
  if (q) return { bid: q.close, ask: q.ask ?? q.close };
  const last = productListActor().getSnapshot().context.products.find((p) => p.Code === code)?.ForexQuotations;
  return last?.Ask === undefined ? undefined : { bid: last.Close, ask: last.Ask };
};

/** Re-renders when a tick arrives for any of these products (rows and popup show market prices). */
function useTicks(codes: string[]): string {
  const key = [...new Set(codes)].sort().join(',');
  const subscribe = useCallback((listener: () => void) => {
    const stops = key.split(',').filter(Boolean).map((code) => quoteStore.subscribe(code, listener));
    return () => stops.forEach((stop) => stop());
  }, [key]);
  return useSyncExternalStore(subscribe, () => key.split(',').map((code) => `${quoteStore.get(code)?.close}/${quoteStore.get(code)?.ask}`).join(','));
}

const priceDigits = (order: Order) => {
  const dp = order.ForexTradeLists.PricePrecision ?? 5;
  return { minimumFractionDigits: dp, maximumFractionDigits: dp };
};

/** Lots in the language's digits, every place the product's step may have. */
const LOTS_FORMAT = { maximumFractionDigits: 8 } as const;
const Lots = ({ value }: { value: number }) => <FormattedNumber value={value} {...LOTS_FORMAT} />;

function Price({ order, value }: { order: Order; value: number }) {
  return value > 0 ? <FormattedNumber value={value} {...priceDigits(order)} /> : <>—</>;
}

/** /order: holding, pending and history (query `type`), a live summary, and a popup per order. */
export default function OrdersScreen() {
  const intl = useIntl();
  useSearch(); // the tab lives in the query: render again when it changes
  const tab = tabOf();
  const title = intl.formatMessage({ id: 'screen.orders' });
  useScreenTitle(title);
  return (
    <main className="page">
      <header className="page-header"><div className="side" /><h1>{title}</h1><div className="side" /></header>
      <nav className="chips tabs" aria-label={title}>
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
  const listSnapshot = useSelector(list, (s) => s);
  const detailSnapshot = useSelector(detail, (s) => s);
  useTicks([...(listSnapshot?.context.items ?? []), ...(detailSnapshot?.context.order ? [detailSnapshot.context.order] : [])].map((o) => o.ForexTradeLists.Code));
  useSelector(productListActor(), (s) => s.context.products); // the last prices of shut markets (quoteOf)
  const view = connectPositions(snapshot, listSnapshot, detailSnapshot, quoteOf);
  const more = useCallback(() => positions.send({ type: 'LIST.MORE' }), [positions]);
  const refresh = useCallback(() => positions.send({ type: 'LIST.REFRESH' }), [positions]);
  const sendDetail = useCallback((event: DetailEvent) => detail?.send(event), [detail]);
  const shown = view.detail;
  // While the connection is down the live figures are last known ones: faded, as on / and /trade.
  const stale = useStale();
  return (
    <PullToRefresh onRefresh={refresh}>
      <section className="card summary" data-testid="order-summary">
        <AccountFigures figures={view.figures} stale={stale} />
        <button type="button" className="btn small secondary" onClick={refresh}><FormattedMessage id="orders.refresh" /></button>
      </section>
      {view.failedAt === 'list' && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {view.empty && <p className="empty"><FormattedMessage id={view.empty === 'loading' ? 'common.loading' : 'common.noData'} /></p>}
      <ul className={`order-list${stale ? ' stale' : ''}`}>
        {view.rows.map((row) => {
          const o = row.order;
          return (
            <li key={o.Id}>
              <button type="button" className="order-row" data-order={o.Id} onClick={() => sendDetail({ type: 'DETAIL.OPEN', order: o })}>
                <span className="order-main">
                  <span><strong>{o.ForexTradeLists.ShowCode}</strong> <span className={o.OrderType === BUY ? 'rise' : 'fall'} data-testid="order-kind"><FormattedMessage id={kindLabel(row)} /></span> <Lots value={o.Quantity} /></span>
                  <small className="order-figures" data-testid="order-figures">
                    <span><FormattedMessage id={row.kind || row.cancelled ? 'orders.trigger' : 'orders.price'} /> <Price order={o} value={o.Price} /></span>
                    {row.cancelled
                      ? <span data-testid="order-cancelled"><FormattedMessage id={row.cancelledLabel} /></span>
                      : <span><FormattedMessage id={row.priceLabel} /> <Price order={o} value={row.price} /></span>}
                    {row.closedBy && <span data-testid="order-closed-by"><FormattedMessage id="orders.closedByWho" values={{ who: <FormattedMessage id={row.closedBy} /> }} /></span>}
                    <span><FormattedMessage id="ticket.stopLoss" /> <Price order={o} value={o.TargetLossPrice} /></span>
                    <span><FormattedMessage id="ticket.takeProfit" /> <Price order={o} value={o.TargetProfitPrice} /></span>
                    <WireTime value={o.CompleteTimeHandler || o.CreateTimeHandler} />
                  </small>
                </span>
                {row.hasPnl && <span className={Number(row.pnl) >= 0 ? 'rise' : 'fall'} data-testid="order-profit"><Amount value={row.pnl} dp={6} /></span>}
              </button>
            </li>
          );
        })}
        {view.rows.length > 0 && <ListEnd finished={view.isFinished} loading={view.isLoading} failed={view.failedAt === 'end'} rows={view.rows.length} onVisible={more} />}
      </ul>
      <Sheet open={shown !== undefined && !shown.isConfirmingClose} onClose={() => sendDetail({ type: 'DETAIL.CLOSE' })} label={intl.formatMessage({ id: 'orders.detail' })}>
        {shown && <OrderDetail view={shown} send={sendDetail} />}
      </Sheet>
      <ConfirmDialog open={shown?.isConfirmingClose ?? false}
        // Asked while prices are out of date, the question says so: the close is booked at the market's price, not this one.
        text={shown ? intl.formatMessage({ id: stale ? 'orders.closeConfirmStale' : 'orders.closeConfirm' }, {
          // Which position, when several of one product are open: its side and lots beside the product.
          product: `${shown.order.ForexTradeLists.ShowCode} ${intl.formatMessage({ id: kindLabel(shown) })} ${intl.formatNumber(shown.order.Quantity, LOTS_FORMAT)}`,
          price: intl.formatNumber(shown.price, priceDigits(shown.order)),
          // Isolated left to right, so a right-to-left sentence keeps the sign in front of the number.
          pnl: leftToRight(intl.formatNumber(Number(shown.pnl), { minimumFractionDigits: 6, maximumFractionDigits: 6, signDisplay: 'exceptZero' })),
        }) : ''}
        confirmLabel={intl.formatMessage({ id: 'orders.close' })}
        onConfirm={() => sendDetail({ type: 'CLOSE.CONFIRM' })} onCancel={() => sendDetail({ type: 'CLOSE.CANCEL' })} />
      <Sheet open={view.settled !== undefined} onClose={() => sendDetail({ type: 'DETAIL.CLOSE' })} label={intl.formatMessage({ id: 'orders.closedTitle' })}>
        {view.settled && <Settled order={view.settled} onDone={() => sendDetail({ type: 'DETAIL.CLOSE' })} />}
      </Sheet>
    </PullToRefresh>
  );
}

/** The close as booked: the price it closed at and the realised P&L. */
function Settled({ order, onDone }: { order: Order; onDone: () => void }) {
  const pnl = Number(order.FactProfits);
  return (
    <div className="content" data-testid="order-settled">
      <h2><FormattedMessage id="orders.closedTitle" /></h2>
      <dl className="preview">
        <dt><FormattedMessage id="ticket.instrument" /></dt><dd>{order.ForexTradeLists.ShowCode}</dd>
        <dt><FormattedMessage id="orders.closePrice" /></dt><dd><Price order={order} value={order.UpdatePrice} /></dd>
        <dt><FormattedMessage id="orders.realised" /></dt>
        <dd className={pnl >= 0 ? 'rise' : 'fall'} data-testid="realised-pnl"><Amount value={order.FactProfits} dp={6} /></dd>
      </dl>
      <button type="button" className="btn" onClick={onDone}><FormattedMessage id="common.close" /></button>
    </div>
  );
}

function OrderDetail({ view, send }: { view: NonNullable<PositionsView['detail']>; send: (event: DetailEvent) => void }) {
  const { order, pnl, isBusy: busy } = view;
  const rows: [string, ReactNode][] = [
    ['orders.number', order.OrderOn],
    [view.kind || view.cancelled ? 'orders.trigger' : 'orders.price', <Price key="o" order={order} value={order.Price} />],
    // A pending order cancelled before it filled never opened: no price, P&L, margin or fee of a trade (both came back).
    ...(view.cancelled ? [['orders.status', <span key="s" data-testid="detail-cancelled"><FormattedMessage id={view.cancelledLabel} /></span>] as [string, ReactNode]] : [
      // As live as the P&L: the pushed close price of a position, the market price of a pending order.
      [view.priceLabel, <span key="c" data-testid="detail-price"><Price order={order} value={view.price} /></span>],
      ...(view.hasPnl ? [['orders.profit', <Amount key="p" value={pnl} dp={6} />] as [string, ReactNode]] : []),
      ['orders.margin', <Amount key="m" value={order.CautionMoney} dp={6} />],
      ['orders.fee', <Amount key="f" value={order.TradeFee} dp={6} />],
    ] as [string, ReactNode][]),
    ...(view.closedBy ? [['orders.closedBy', <FormattedMessage key="b" id={view.closedBy} />] as [string, ReactNode]] : []),
    ['ticket.leverage', `${order.Multiple}x`],
    [view.startLabel, <WireTime key="s" value={order.CreateTimeHandler} />],
    ...(order.CompleteTimeHandler ? [['orders.completed', <WireTime key="e" value={order.CompleteTimeHandler} />] as [string, ReactNode]] : []),
  ];
  return (
    <div className={`content order-detail ${view.canClose ? 'tall' : ''}`} data-testid="order-detail">
      <SheetHead onClose={() => send({ type: 'DETAIL.CLOSE' })}>
        {order.ForexTradeLists.ShowCode} · <FormattedMessage id={kindLabel(view)} /> <Lots value={order.Quantity} />
      </SheetHead>
      <dl className="preview">{rows.map(([label, value]) => <Fragment key={label}><dt><FormattedMessage id={label} /></dt><dd>{value}</dd></Fragment>)}</dl>
      {view.canEditStops && (
        <>
          <label className="ticket-row"><FormattedMessage id="ticket.stopLoss" />
            <input className="input" inputMode="decimal" min={0} value={view.sl} onChange={(e) => send({ type: 'SL.CHANGE', value: e.target.value })} /></label>
          <label className="ticket-row"><FormattedMessage id="ticket.takeProfit" />
            <input className="input" inputMode="decimal" min={0} value={view.tp} onChange={(e) => send({ type: 'TP.CHANGE', value: e.target.value })} /></label>
          <Problem problem={view.problem} />
          <button type="button" className="btn secondary" disabled={busy} onClick={() => send({ type: 'STOPS.SAVE' })}><FormattedMessage id="orders.saveStops" /></button>
        </>
      )}
      {(view.canClose || view.canCancel) && (
        // Held at the popup's foot while the rows above scroll: the spec's fixed heights do not fit them all.
        <div className="sheet-foot">
          {view.canClose && <button type="button" className="btn danger" disabled={busy} onClick={() => send({ type: 'ORDER.CLOSE' })}><FormattedMessage id="orders.close" /></button>}
          {view.canCancel && <button type="button" className="btn danger" disabled={busy} onClick={() => send({ type: 'ORDER.CANCEL' })}><FormattedMessage id="orders.cancel" /></button>}
        </div>
      )}
    </div>
  );
}
