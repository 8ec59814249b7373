import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { tradingCalls } from '../../../../contract/trading';
import { productSearchMachine } from '../../../../machines/market/product-search';
import { call } from '../../../shared/api/client';
import { go } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { selectedProduct } from '../../../shared/live/selected-product';
import { Page } from '../../../shared/ui/page';

const searchFlow = () =>
  productSearchMachine.provide({
    actors: { search: fromPromise(({ input, signal }) => call(tradingCalls.tradeList, { searchCurrency: input.query }, { signal })) },
  });

/** Product search by code, as you type; a result opens /trade. */
export default function ProductScreen() {
  const intl = useIntl();
  const flow = useFlow(useMemo(searchFlow, []));
  const query = useSelector(flow, (s) => s.context.query);
  const results = useSelector(flow, (s) => s.context.results);
  const phase = useSelector(flow, (s) => s.value as string);
  return (
    <Page title={intl.formatMessage({ id: 'screen.product' })}>
      <div className="content">
        <input className="input" type="search" inputMode="search" autoFocus enterKeyHint="search" autoCapitalize="characters"
          aria-label={intl.formatMessage({ id: 'product.searchPlaceholder' })} placeholder={intl.formatMessage({ id: 'product.searchPlaceholder' })}
          value={query} onChange={(e) => flow.send({ type: 'QUERY.CHANGE', value: e.target.value })} />
      </div>
      {phase === 'done' && results.length === 0 && <p className="empty"><FormattedMessage id="common.noData" /></p>}
      {phase === 'failed' && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
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
    </Page>
  );
}
