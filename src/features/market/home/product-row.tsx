import { memo, useSyncExternalStore } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { Product } from '../../../../contract/market';
import { connectQuoteRow } from '../../../../machines/market/product-list.connect';
import { quoteStore } from '../../../shared/live/quote-store';
import { Sparkline } from './sparkline';

/** One row of the quotes list; it re-renders only when its own symbol ticks. */
export const ProductRow = memo(function ProductRow({ product, onOpen }: { product: Product; onOpen: (id: number) => void }) {
  const quote = useSyncExternalStore((l) => quoteStore.subscribe(product.Code, l), () => quoteStore.get(product.Code));
  const { closed, bid, ask, change, rising } = connectQuoteRow(product, quote);
  const digits = { minimumFractionDigits: product.PricePrecision, maximumFractionDigits: product.PricePrecision };
  return (
    <li>
      <button type="button" className="product-row" data-code={product.Code} onClick={() => onOpen(product.Id)}>
        <span className="names">
          <strong>{product.ShowCode}</strong>
          <small>{product.Code}</small>
        </span>
        <Sparkline id={product.Id} rising={rising} />
        {closed ? (
          <span className="price closed"><FormattedMessage id="market.closed" /></span>
        ) : (
          <span className="price">
            <span className={`last tick-${quote?.tick ?? 'flat'}`} data-testid="price">
              <FormattedNumber value={bid} {...digits} />
            </span>
            <small className="ask" data-testid="ask">
              <FormattedMessage id="market.ask" /> {ask === undefined ? '—' : <FormattedNumber value={ask} {...digits} />}
            </small>
            <span className={`change ${rising ? 'rise' : 'fall'}`}>
              <FormattedNumber value={change / 100} style="percent" signDisplay="exceptZero" minimumFractionDigits={2} maximumFractionDigits={2} />
            </span>
          </span>
        )}
      </button>
    </li>
  );
});

export function SkeletonRows({ count = 10 }: { count?: number }) {
  return (
    <ul className="product-list" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="product-row skeleton"><span /><span /><span /></li>
      ))}
    </ul>
  );
}
