import { useId, useMemo, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Product } from '../../../../contract/market';
import { ORDER_STATUS, type Order } from '../../../../contract/trading';
import { BUY } from '../../../../domain/types';
import type { PendingType } from '../../../../domain/orders';
import { connectOrderTicket, type TicketAction } from '../../../../machines/trading/order-ticket.connect';
import { kindOrSideLabel } from '../../../../machines/trading/pending-kind';
import { useFlow } from '../../../shared/flow/use-flow';
import { ticketFlow } from '../trading-flows';
import { connectSocket } from '../../../../machines/shared/socket.connect';
import { socketActor } from '../../../shared/root/root-actor';
import { quoteStore } from '../../../shared/live/quote-store';
import { Amount } from '../../../shared/ui/amount';
import { Problem } from '../../../shared/ui/form';
import { PauseBanner } from '../../../shared/ui/pause-banner';
import { Sheet } from '../../../shared/ui/sheet';

/** Conversions to USD are estimated at the other product's bid (spec: estimated margin). */
const priceOf = (code: string) => quoteStore.get(code)?.close;

/** The order form under the chart; the machine follows the chosen product by itself. */
export function OrderTicket({ product, onPlaced }: { product: Product; onPlaced: () => void }) {
  const intl = useIntl();
  const ticket = useFlow(useMemo(() => ticketFlow(onPlaced), [onPlaced]), { product });
  const quote = useSyncExternalStore((l) => quoteStore.subscribe(product.Code, l), () => quoteStore.get(product.Code));
  const bid = quote?.close ?? product.ForexQuotations.Close;
  const live = useSelector(socketActor(), (s) => connectSocket(s).isLive);
  const fresh = useSelector(socketActor(), (s) => !connectSocket(s).isStale);
  const view = connectOrderTicket(useSelector(ticket, (s) => s), { quote: { bid, ask: quote?.ask }, priceOf, live, fresh });
  const { fields: f, actions } = view;
  const ids = { lots: useId(), leverage: useId(), price: useId(), problem: useId() };
  const digits = { minimumFractionDigits: product.PricePrecision, maximumFractionDigits: product.PricePrecision };
  const blocked = actions.find((a) => a.block)?.block;

  return (
    <section className="card ticket" aria-label={intl.formatMessage({ id: 'trade.ticket' })}>
      <PauseBanner scope="trading" />
      <div className="segmented" role="group">
        {(['market', 'pending'] as const).map((mode) => (
          <button key={mode} type="button" aria-pressed={f.mode === mode} onClick={() => ticket.send({ type: 'MODE.SELECT', mode })}>
            <FormattedMessage id={`ticket.${mode}`} />
          </button>
        ))}
      </div>
      {f.mode === 'pending' && (
        <div className="ticket-row">
          <label htmlFor={ids.price}><FormattedMessage id="ticket.price" /></label>
          <input id={ids.price} className="input" inputMode="decimal" value={f.price} onChange={(e) => ticket.send({ type: 'PRICE.CHANGE', value: e.target.value })} />
        </div>
      )}
      <div className="ticket-pair">
        <div className="field">
          <label htmlFor={ids.lots}><FormattedMessage id="ticket.lots" /></label>
          <div className="stepper">
            {/* Named by their signs, as the spec's "minus control"; what they do is their description. */}
            <button type="button" aria-label="−" title={intl.formatMessage({ id: 'ticket.decrease' })} disabled={!view.canDecrement} onClick={() => ticket.send({ type: 'LOTS.DECREMENT' })}>−</button>
            <input id={ids.lots} className="input" inputMode="decimal" value={f.lots} onChange={(e) => ticket.send({ type: 'LOTS.CHANGE', value: e.target.value })} />
            <button type="button" aria-label="+" title={intl.formatMessage({ id: 'ticket.increase' })} disabled={!view.canIncrement} onClick={() => ticket.send({ type: 'LOTS.INCREMENT' })}>+</button>
          </div>
        </div>
        <div className="field">
          <label htmlFor={ids.leverage}><FormattedMessage id="ticket.leverage" /></label>
          <select id={ids.leverage} className="input" value={f.leverage ?? ''} onChange={(e) => ticket.send({ type: 'LEVERAGE.SELECT', value: Number(e.target.value) })}>
            {view.leverages.length === 0 && <option value="">{intl.formatMessage({ id: 'ticket.noMultiples' })}</option>}
            {view.leverages.map((value) => <option key={value} value={value}>{`${value}x`}</option>)}
          </select>
        </div>
      </div>
      <div className="ticket-pair">
        {(['sl', 'tp'] as const).map((level) => {
          const on = level === 'sl' ? f.slOn : f.tpOn;
          const name = intl.formatMessage({ id: level === 'sl' ? 'ticket.stopLoss' : 'ticket.takeProfit' });
          return (
            <div className="field" key={level}>
              <label>
                <input type="checkbox" checked={on} onChange={() => ticket.send({ type: level === 'sl' ? 'SL.TOGGLE' : 'TP.TOGGLE' })} /> {name}
              </label>
              <input className="input" inputMode="decimal" aria-label={name} min={0} disabled={!on} value={level === 'sl' ? f.sl : f.tp}
                onChange={(e) => ticket.send({ type: level === 'sl' ? 'SL.CHANGE' : 'TP.CHANGE', value: e.target.value })} />
            </div>
          );
        })}
      </div>
      <div className="trade-actions" data-testid="trade-actions">
        <ActionButton action={actions[0]} digits={digits} sending={view.isSubmitting} why={ids.problem} onPress={() => ticket.send({ type: 'ORDER.SUBMIT', side: actions[0].side })} />
        <span className="spread" data-testid="spread">
          <small><FormattedMessage id="ticket.spread" /></small>
          {view.spread === undefined ? '—' : <FormattedNumber value={view.spread} {...digits} />}
        </span>
        <ActionButton action={actions[1]} digits={digits} sending={view.isSubmitting} why={ids.problem} onPress={() => ticket.send({ type: 'ORDER.SUBMIT', side: actions[1].side })} />
      </div>
      <Problem id={ids.problem} problem={view.isMarketClosed ? 'market_closed' : blocked ?? view.problem} values={view.problemValues} />
      {/* A column for each button, headed by its side (the term "Side" is read, not shown). */}
      <dl className="preview sides" data-testid="ticket-preview">
        <dt><span className="visually-hidden"><FormattedMessage id="ticket.side" /></span></dt>
        {actions.map((a) => <dd key={a.side} className="side-head"><FormattedMessage id={sideLabel(a)} /></dd>)}
        <dt><FormattedMessage id="ticket.margin" /></dt>{actions.map((a) => <dd key={a.side}><Amount value={a.preview?.margin} dp={6} /></dd>)}
        <dt><FormattedMessage id="ticket.fee" /></dt>{actions.map((a) => <dd key={a.side}><Amount value={a.preview?.fee} dp={6} /></dd>)}
        {view.showsAvailable && <><dt><FormattedMessage id="ticket.available" /></dt>{actions.map((a) => (
          <dd key={a.side} className={a.block ? 'fall' : undefined}><Amount value={a.preview?.availableAfter ?? view.available} dp={2} /></dd>
        ))}</>}
      </dl>
      <Sheet open={view.placed !== undefined} onClose={() => ticket.send({ type: 'POPUP.CLOSE' })} label={intl.formatMessage({ id: 'ticket.placed' })}>
        {view.placed && <PlacedOrder order={view.placed} kind={view.placedKind} digits={digits} />}
        <div className="content">
          <Link href={`/order?type=${view.placedTab}`} className="btn" onClick={() => ticket.send({ type: 'POPUP.CLOSE' })}><FormattedMessage id="ticket.toOrders" /></Link>
          <button type="button" className="btn secondary" onClick={() => ticket.send({ type: 'POPUP.CLOSE' })}><FormattedMessage id="common.close" /></button>
        </div>
      </Sheet>
    </section>
  );
}

type Digits = { minimumFractionDigits: number; maximumFractionDigits: number };

/** A button's word: its side, or the kind of pending order it places. */
const sideLabel = (action: TicketAction) => kindOrSideLabel(action.side, action.kind);
/** What the button does: a verb ("Acheter") for a market order, the pending kind for one that waits. */
const buttonLabel = (action: TicketAction) => (action.kind ? sideLabel(action) : action.side === BUY ? 'ticket.buy' : 'ticket.sell');

/**
 * SELL at the bid or BUY at the ask, its price live on the button; a pending order says its kind.
 * Unavailable, it is described by `why`, the ticket's problem.
 */
function ActionButton({ action, digits, sending, why, onPress }: { action: TicketAction; digits: Digits; sending: boolean; why: string; onPress: () => void }) {
  const buy = action.side === BUY;
  return (
    // While the order is sent the button keeps the focus (a disabled one drops it to the page, and
    // the "Order placed" sheet gives it back there): it only says it is unavailable, and the ticket
    // takes no second order meanwhile.
    <button type="button" className={`btn trade-action ${buy ? 'buy' : 'sell'}`} disabled={!action.canSubmit && !sending} aria-disabled={!action.canSubmit}
      aria-describedby={action.canSubmit ? undefined : why} onClick={onPress} data-side={buy ? 'buy' : 'sell'}>
      {/* Its side even on a shut market (spec: the buttons are disabled); the reason is said below, and describes it. */}
      <span className="label"><FormattedMessage id={buttonLabel(action)} /></span>
      <span className="price">{action.price === undefined ? '—' : <FormattedNumber value={action.price} {...digits} />}</span>
      {/* A pending order waits at the price typed; the side's live price stays in sight beside it. */}
      {action.kind !== undefined && action.market !== undefined && (
        <small className="market" data-testid="action-market"><FormattedMessage id="orders.market" /> <FormattedNumber value={action.market} {...digits} /></small>
      )}
    </button>
  );
}

/** What was just placed: side (or pending kind), lots, instrument and the price it filled or waits at. */
function PlacedOrder({ order, kind, digits }: { order: Order; kind: PendingType | undefined; digits: Digits }) {
  const pending = order.Status === ORDER_STATUS.pending;
  return (
    <div className="content" data-testid="order-placed">
      <h2><FormattedMessage id={pending ? 'ticket.placedPending' : 'ticket.placed'} /></h2>
      <dl className="preview">
        <dt><FormattedMessage id="ticket.side" /></dt><dd data-testid="placed-side"><FormattedMessage id={kindOrSideLabel(order.OrderType, kind)} /></dd>
        <dt><FormattedMessage id="ticket.lots" /></dt><dd><FormattedNumber value={order.Quantity} /></dd>
        <dt><FormattedMessage id="ticket.instrument" /></dt><dd>{order.ForexTradeLists.ShowCode}</dd>
        <dt><FormattedMessage id={pending ? 'ticket.price' : 'ticket.fillPrice'} /></dt><dd data-testid="fill-price"><FormattedNumber value={order.Price} {...digits} /></dd>
      </dl>
    </div>
  );
}
