import { useId, useMemo, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Product } from '../../../../contract/market';
import { BUY, SELL } from '../../../../domain/types';
import { connectOrderTicket } from '../../../../machines/trading/order-ticket.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { ticketFlow } from '../trading-flows';
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
  const view = connectOrderTicket(useSelector(ticket, (s) => s), { quote: { bid, ask: quote?.ask ?? bid }, priceOf });
  const { fields: f, preview } = view;
  const ids = { lots: useId(), leverage: useId(), price: useId() };

  return (
    <section className="card ticket" aria-label={intl.formatMessage({ id: 'trade.ticket' })}>
      <PauseBanner scope="trading" />
      <div className="segmented" role="group">
        {([BUY, SELL] as const).map((side) => (
          <button key={side} type="button" aria-pressed={f.side === side} className={side === BUY ? 'buy' : 'sell'}
            onClick={() => ticket.send({ type: 'SIDE.SELECT', side })}>
            <FormattedMessage id={side === BUY ? 'ticket.buy' : 'ticket.sell'} />
          </button>
        ))}
      </div>
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
      <div className="ticket-row">
        <label htmlFor={ids.lots}><FormattedMessage id="ticket.lots" /></label>
        <div className="stepper">
          <button type="button" aria-label="−" disabled={!view.canDecrement} onClick={() => ticket.send({ type: 'LOTS.DECREMENT' })}>−</button>
          <input id={ids.lots} className="input" inputMode="decimal" value={f.lots} onChange={(e) => ticket.send({ type: 'LOTS.CHANGE', value: e.target.value })} />
          <button type="button" aria-label="+" onClick={() => ticket.send({ type: 'LOTS.INCREMENT' })}>+</button>
        </div>
      </div>
      <div className="ticket-row">
        <label htmlFor={ids.leverage}><FormattedMessage id="ticket.leverage" /></label>
        <select id={ids.leverage} className="input" value={f.leverage ?? ''} onChange={(e) => ticket.send({ type: 'LEVERAGE.SELECT', value: Number(e.target.value) })}>
          {view.leverages.length === 0 && <option value="">{intl.formatMessage({ id: 'ticket.noMultiples' })}</option>}
          {view.leverages.map((value) => <option key={value} value={value}>{`${value}x`}</option>)}
        </select>
      </div>
      {(['sl', 'tp'] as const).map((level) => {
        const on = level === 'sl' ? f.slOn : f.tpOn;
        const name = intl.formatMessage({ id: level === 'sl' ? 'ticket.stopLoss' : 'ticket.takeProfit' });
        return (
          <div className="ticket-row" key={level}>
            <label>
              <input type="checkbox" checked={on} onChange={() => ticket.send({ type: level === 'sl' ? 'SL.TOGGLE' : 'TP.TOGGLE' })} /> {name}
            </label>
            <input className="input" inputMode="decimal" aria-label={name} min={0} disabled={!on} value={level === 'sl' ? f.sl : f.tp}
              onChange={(e) => ticket.send({ type: level === 'sl' ? 'SL.CHANGE' : 'TP.CHANGE', value: e.target.value })} />
          </div>
        );
      })}
      <dl className="preview" data-testid="ticket-preview">
        <dt><FormattedMessage id="ticket.margin" /></dt><dd><Amount value={preview?.margin} dp={6} /></dd>
        <dt><FormattedMessage id="ticket.fee" /></dt><dd><Amount value={preview?.fee} dp={6} /></dd>
        {view.showsAvailable && <><dt><FormattedMessage id="ticket.available" /></dt><dd><Amount value={view.available} dp={2} /></dd></>}
      </dl>
      <Problem problem={view.problem} />
      <button type="button" className={`btn ${f.side === BUY ? 'buy' : 'sell'}`} disabled={!view.canSubmit} onClick={() => ticket.send({ type: 'ORDER.SUBMIT' })}>
        <FormattedMessage id={view.submitLabel} />
      </button>
      <Sheet open={view.placed !== undefined} onClose={() => ticket.send({ type: 'POPUP.CLOSE' })} label={intl.formatMessage({ id: 'ticket.placed' })}>
        <div className="content" data-testid="order-placed">
          <h2><FormattedMessage id="ticket.placed" /></h2>
          <Link href="/order" className="btn" onClick={() => ticket.send({ type: 'POPUP.CLOSE' })}><FormattedMessage id="ticket.toOrders" /></Link>
          <button type="button" className="btn secondary" onClick={() => ticket.send({ type: 'POPUP.CLOSE' })}><FormattedMessage id="common.close" /></button>
        </div>
      </Sheet>
    </section>
  );
}
