import { lazy, Suspense, useCallback, useMemo, useSyncExternalStore } from 'react';
import { tradingMessages } from '../messages';
import { useSelector } from '@xstate/react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { PERIODS, isMarketOpen, type Period, type Product } from '../../../../contract/market';
import { connectChart } from '../../../../machines/market/chart.connect';
import { chosenProduct } from '../../../../machines/market/product-list';
import { connectProductList } from '../../../../machines/market/product-list.connect';
import { disclosureMachine } from '../../../../machines/shared/disclosure';
import { connectDisclosure } from '../../../../machines/shared/disclosure.connect';
import { connectPagedList } from '../../../../machines/shared/paged-list.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { chartPositionsFlow } from '../trading-flows';
import { useStale } from '../../../shared/live/connection-banner';
import { quoteStore } from '../../../shared/live/quote-store';
import { productListActor } from '../../../shared/root/root-actor';
import { selectedProduct } from '../../../shared/live/selected-product';
import { Icon, ICONS } from '../../../shared/ui/icons';
import { Sheet, SheetHead } from '../../../shared/ui/sheet';
import { OrderTicket } from './order-ticket';
import { LEVEL_LABEL, LEVEL_SHORT, orderLevels, type OrderLevel } from './levels';
import { chartFlow } from './trade-flow';
import { useScreenTitle } from '../../../shared/ui/screen-title';
import { codeChunk } from '../../../shared/navigation/code-chunk';

// The trading strings come with the first trading screen.
await tradingMessages;

const CandleChart = lazy(codeChunk(() => import('./candle-chart')));

const PERIOD_LABEL: Record<Period, string> = { '1min': '1M', '5min': '5M', '15min': '15M', '30min': '30M', '60min': '1H', '1day': '1D' };

/** /trade: product picker, live price, period bar, the chart and the order ticket. */
export default function TradeScreen() {
  const intl = useIntl();
  const products = useSelector(productListActor(), (s) => connectProductList(s).products);
  const chosenId = useSyncExternalStore(selectedProduct.subscribe, selectedProduct.get);
  const product = chosenProduct(products, chosenId);
  useScreenTitle(product?.ShowCode);
  // The chart follows the chosen product by itself (its flow watches the choice).
  const chart = useFlow(useMemo(chartFlow, []), { period: '15min' });
  const picker = useFlow(disclosureMachine);
  const { isOpen: pickerOpen } = useView(picker, connectDisclosure);
  const { period, history, live, phase } = useView(chart, connectChart);
  const stale = useStale();
  const positions = useFlow(useMemo(chartPositionsFlow, []));
  const { items: held } = useView(positions, connectPagedList);
  const levels = useMemo(() => (product ? orderLevels(held, product.Id) : []), [held, product]);
  const levelNames = useCallback((l: OrderLevel) => {
    const short = LEVEL_SHORT[l.kind];
    return { name: intl.formatMessage({ id: LEVEL_LABEL[l.kind] }), short: short ? intl.formatMessage({ id: short }) : '' };
  }, [intl]);
  const refreshPositions = useCallback(() => positions.send({ type: 'LIST.REFRESH' }), [positions]);
  const needOlder = useCallback(() => chart.send({ type: 'HISTORY.MORE' }), [chart]);

  return (
    <main className="page">
      <header className="page-header">
        <div className="side" />
        <h1>
          <button type="button" className="picker-btn" aria-haspopup="dialog" aria-expanded={pickerOpen} onClick={() => picker.send({ type: 'DRAWER.OPEN' })} data-testid="product-picker">
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
            <CandleChart key={`${product.Id}.${period}`} label={intl.formatMessage({ id: 'trade.chart' }, { product: product.ShowCode })} history={history} live={live} precision={product.PricePrecision} stale={stale} onNeedOlder={needOlder} levels={levels} levelNames={levelNames} />
          </Suspense>
        )}
      </section>
      {product && <OrderTicket product={product} onPlaced={refreshPositions} />}
      <Sheet open={pickerOpen} onClose={() => picker.send({ type: 'DRAWER.CLOSE' })} label={intl.formatMessage({ id: 'trade.pickProduct' })}>
        <div className="content"><SheetHead onClose={() => picker.send({ type: 'DRAWER.CLOSE' })}><FormattedMessage id="trade.pickProduct" /></SheetHead></div>
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
      <Icon d={ICONS.trade} size={18} className="muted" />
    </div>
  );
}
