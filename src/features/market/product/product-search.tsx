import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectProductSearch } from '../../../../machines/market/product-search.connect';
import { go } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { selectedProduct } from '../../../shared/live/selected-product';
import { searchFlow } from '../market-flows';

/** Product search by code, as you type; a result opens /trade. */
export function ProductSearch() {
  const intl = useIntl();
  const flow = useFlow(useMemo(searchFlow, []));
  const { query, results, isEmpty, isFailed } = useView(flow, connectProductSearch);
  return (
    <>
      <div className="content">
        <input className="input" type="search" inputMode="search" autoFocus enterKeyHint="search" autoCapitalize="characters"
          aria-label={intl.formatMessage({ id: 'product.searchPlaceholder' })} placeholder={intl.formatMessage({ id: 'product.searchPlaceholder' })}
          value={query} onChange={(e) => flow.send({ type: 'QUERY.CHANGE', value: e.target.value })} />
      </div>
      {/* Said as it appears: a search typed blind learns that nothing matched. */}
      {isEmpty && <p className="empty" role="status"><FormattedMessage id="common.noData" /></p>}
      {isFailed && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {results.length > 0 && (
        <ul className="menu" style={{ margin: '0 16px' }}>
          {results.map((p) => (
            <li key={p.Id}>
              <button type="button" onClick={() => { selectedProduct.set(p.Id); go('/trade'); }}>
                <span>{p.ShowCode} <small className="muted">{p.Code}</small></span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
