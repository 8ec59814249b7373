import { memo, useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Product } from '../../../../contract/market';
import { connectQuoteRow } from '../../../../machines/market/product-list.connect';
import { changeFormat, priceFormat } from '../../../shared/i18n/number-formats';
import { quoteStore } from '../../../shared/live/quote-store';
import { watchInView } from './row-visibility';
import { Sparkline } from './sparkline';

/** Out of view, a row catches up at most this often: never frozen for whoever reads it, at a fraction of the ticks' cost. */
const AWAY_WRITE_MS = 2000;

/**
 * One row of the quotes list. Its numbers are written into the row on each tick of its own symbol
 * (at most once per frame) while the row is in or near the view, without rendering it again, and
 * at most every `AWAY_WRITE_MS` further away; a row coming back into view is written at once. React
 * renders it when the day's change crosses zero (the sparkline's colour).
 */
export const ProductRow = memo(function ProductRow({ product, onOpen }: { product: Product; onOpen: (id: number) => void }) {
  const { locale } = useIntl();
  const subscribe = useCallback((l: () => void) => quoteStore.subscribe(product.Code, l), [product.Code]);
  const rising = useSyncExternalStore(subscribe, () => connectQuoteRow(product, quoteStore.get(product.Code)).rising);
  const { closed } = connectQuoteRow(product, undefined);
  const row = useRef<HTMLLIElement>(null);
  const bid = useRef<HTMLSpanElement>(null);
  const ask = useRef<HTMLSpanElement>(null);
  const change = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    if (closed) return;
    const prices = priceFormat(locale, product.PricePrecision);
    const changes = changeFormat(locale);
    // Only what changed is written: an unchanged text or class set again still costs style and layout.
    const set = (el: HTMLElement, text: string, className: string) => {
      if (el.textContent !== text) el.textContent = text;
      if (el.className !== className) el.className = className;
    };
    const write = () => {
      const quote = quoteStore.get(product.Code);
      const view = connectQuoteRow(product, quote);
      set(bid.current!, prices.format(view.bid), `last tick-${quote?.tick ?? 'flat'}`);
      set(ask.current!, view.ask === undefined ? '—' : prices.format(view.ask), '');
      set(change.current!, changes.format(view.change / 100), `change ${view.rising ? 'rise' : 'fall'}`);
    };
    write();
    let unsubscribe = () => {};
    const unwatch = watchInView(row.current!, (visible) => {
      unsubscribe();
      if (visible) {
        write();
        unsubscribe = subscribe(write);
        return;
      }
      let due: ReturnType<typeof setTimeout> | undefined;
      const stop = subscribe(() => {
        due ??= setTimeout(() => {
          due = undefined;
          write();
        }, AWAY_WRITE_MS);
      });
      unsubscribe = () => {
        stop();
        clearTimeout(due);
      };
    });
    return () => {
      unwatch();
      unsubscribe();
    };
  }, [product, closed, locale, subscribe]);

  return (
    <li ref={row}>
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
            <span ref={bid} data-testid="price" />
            <small className="ask" data-testid="ask"><FormattedMessage id="market.ask" /> <span ref={ask} /></small>
            <span ref={change} />
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
