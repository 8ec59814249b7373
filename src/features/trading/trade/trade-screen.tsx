import { lazy, Suspense, useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { PERIODS, isMarketOpen, type Order, type Period, type Product } from '../../../../contract/trading';
import { disclosureMachine } from '../../../../machines/shared/disclosure';
import { useFlow } from '../../../shared/flow/use-flow';
import { chartPositionsFlow } from '../trading-flows';
import { accountFeed } from '../../../shared/live/account-feed';
import { useStale } from '../../../shared/live/connection-banner';
import { productListActor } from '../../../shared/live/product-list';
import { quoteStore } from '../../../shared/live/quote-store';
import { selectedProduct } from '../../../shared/live/selected-product';
import { Icon } from '../../../shared/ui/icons';
import { Sheet } from '../../../shared/ui/sheet';
import { OrderTicket } from './order-ticket';
import { LEVEL_LABEL, orderLevels, type OrderLevel } from './levels';
import { chartFlow } from './trade-flow';

const CandleChart = lazy(() => import('./candle-chart'));

const PERIOD_LABEL: Record<Period, string> = { '1min': '1M', '5min': '5M', '15min': '15M', '30min': '30M', '60min': '1H', '1day': '1D' };

/** /trade: product picker, live price, period bar, the chart and the order ticket. */
export default function TradeScreen() {
  const intl = useIntl();
  const products = useSelector(productListActor(), (s) => s.context.products);
  const chosenId = useSyncExternalStore(selectedProduct.subscribe, selectedProduct.get);
  const product = products.find((p) => p.Id === chosenId) ?? products[0];
  const chart = useFlow(useMemo(chartFlow, []), { period: '15min' });
  const picker = useFlow(disclosureMachine);
  const pickerOpen = useSelector(picker, (s) => s.matches('open'));
  const period = useSelector(chart, (s) => s.context.period);
  const history = useSelector(chart, (s) => s.context.history);
  const live = useSelector(chart, (s) => s.context.live);
  const phase = useSelector(chart, (s) => (s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading'));
  const stale = useStale();
  const positions = useFlow(useMemo(chartPositionsFlow, []));
  const held = useSelector(positions, (s) => s.context.items) as Order[];
  const levels = useMemo(() => (product ? orderLevels(held, product.Id) : []), [held, product]);
  const levelLabel = useCallback((l: OrderLevel) => intl.formatMessage({ id: LEVEL_LABEL[l.kind] }), [intl]);
  const refreshPositions = useCallback(() => positions.send({ type: 'LIST.REFRESH' }), [positions]);
  useEffect(() => accountFeed.onClosed(refreshPositions), [refreshPositions]);

  // The chosen product drives the chart; the machine ignores a repeat of the same product.
  useEffect(() => {
    if (product && chart.getSnapshot().context.productId !== product.Id) chart.send({ type: 'PRODUCT.SELECT', productId: product.Id, code: product.Code });
  }, [product, chart]);
  const needOlder = useCallback(() => chart.send({ type: 'HISTORY.MORE' }), [chart]);

  return (
    <main className="page">
      <header className="page-header">
        <div className="side" />
        <h1>
          <button type="button" className="picker-btn" onClick={() => picker.send({ type: 'DRAWER.OPEN' })} data-testid="product-picker">
            {product?.ShowCode ?? '…'} <span aria-hidden="true">▾</span>
          </button>
        </h1>
        <div className="side" />
      </header>
      {product && <PriceHeader product={product} stale={stale} />}
      <nav className="period-bar" aria-label={intl.formatMessage({ id: 'trade.period' })}>
        {PERIODS.map((p) => (
          <button key={p} type="button" aria-pressed={p === period} data-period={p} onClick={() => chart.send({ type: 'PERIOD.SELECT', period: p })}>
            {PERIOD_LABEL[p]}
          </button>
        ))}
      </nav>
      <section className="chart-box">
        {phase === 'loading' && <div className="chart-placeholder"><div className="spinner" /></div>}
        {phase === 'failed' && (
          <div className="chart-placeholder">
            <button type="button" className="btn secondary" onClick={() => chart.send({ type: 'CHART.RETRY' })}><FormattedMessage id="common.retry" /></button>
          </div>
        )}
        {phase === 'ready' && product && (
          <Suspense fallback={<div className="chart-placeholder"><div className="spinner" /></div>}>
            <CandleChart key={`${product.Id}.${period}`} history={history} live={live} precision={product.PricePrecision} stale={stale} onNeedOlder={needOlder} levels={levels} levelLabel={levelLabel} />
          </Suspense>
        )}
      </section>
      {product && <OrderTicket product={product} onPlaced={refreshPositions} />}
      <Sheet open={pickerOpen} onClose={() => picker.send({ type: 'DRAWER.CLOSE' })} label={intl.formatMessage({ id: 'trade.pickProduct' })}>
        <ul className="menu">
          {products.map((p) => (
            <li key={p.Id}>
              <button type="button" aria-current={p.Id === product?.Id} onClick={() => { selectedProduct.set(p.Id); picker.send({ type: 'DRAWER.CLOSE' }); }}>
                <span>{p.ShowCode}</span><small className="muted">{p.Code}</small>
              </button>
            </li>
          ))}
        </ul>
      </Sheet>
    </main>
  );
}

function PriceHeader({ product, stale }: { product: Product; stale: boolean }) {
  const quote = useSyncExternalStore((l) => quoteStore.subscribe(product.Code, l), () => quoteStore.get(product.Code));
  const close = quote?.close ?? product.ForexQuotations.Close;
  const change = quote?.change ?? product.ForexQuotations.Change;
  const rising = change >= 0;
  return (
    <div className={`trade-price${stale ? ' stale' : ''}`}>
      {!isMarketOpen(product) ? (
        <span className="muted"><FormattedMessage id="market.closed" /></span>
      ) : (
        <>
          <span className={`big ${rising ? 'rise' : 'fall'}`} data-testid="trade-price">
            <FormattedNumber value={close} minimumFractionDigits={product.PricePrecision} maximumFractionDigits={product.PricePrecision} />
          </span>
          <span className={`change ${rising ? 'rise' : 'fall'}`}>
            <FormattedNumber value={change / 100} style="percent" signDisplay="exceptZero" minimumFractionDigits={2} maximumFractionDigits={2} />
          </span>
        </>
      )}
      <Icon name="trade" size={18} className="muted" />
    </div>
  );
}
