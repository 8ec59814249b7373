import { useCallback, useMemo } from 'react';
import { tradingMessages } from '../messages';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectPagedList } from '../../../../machines/shared/paged-list.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { accountHistoryFlow } from '../orders-flows';
import { Page } from '../../../shared/ui/page';
import { Amount } from '../../../shared/ui/amount';
import { ListEnd } from '../../../shared/ui/list-end';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { WireTime } from '../../../shared/ui/wire-time';
import { recordPlaces } from './record-places';

// The trading strings come with the first trading screen.
await tradingMessages;

/** /mine/history: available and frozen USD, and every record that moved the balance. */
export default function HistoryScreen() {
  const intl = useIntl();
  const list = useFlow(useMemo(accountHistoryFlow, []));
  const { items, meta, isLoading, failedAt, isFinished: finished, empty } = useView(list, connectPagedList);
  const refresh = useCallback(() => list.send({ type: 'LIST.REFRESH' }), [list]);
  const more = useCallback(() => list.send({ type: 'LIST.MORE' }), [list]);

  return (
    <Page title={intl.formatMessage({ id: 'screen.history' })}>
      <PullToRefresh onRefresh={refresh}>
      <section className="card summary" data-testid="history-balance">
        <dl className="preview">
          <dt><FormattedMessage id="history.available" /></dt><dd><Amount value={meta.available} dp={2} /></dd>
          <dt><FormattedMessage id="history.frozen" /></dt><dd><Amount value={meta.frozen} dp={2} /></dd>
        </dl>
        <button type="button" className="btn small secondary" onClick={refresh}><FormattedMessage id="orders.refresh" /></button>
      </section>
      {failedAt === 'list' && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {empty === 'none' && <p className="empty"><FormattedMessage id="common.noData" /></p>}
      <ul className="order-list">
        {items.map((r) => (
          <li key={r.Id} className="order-row" data-kind={r.Kind}>
            <span><FormattedMessage id={`history.kind.${r.Kind}`} /><br /><small className="muted">#{r.Id} · <WireTime value={r.CreatedAtTran} /></small></span>
            <span className={Number(r.Value) >= 0 ? 'rise' : 'fall'}>
              <Amount value={r.Value} dp={recordPlaces(r.Kind)} />
              {/* A payout leaves available as it was and takes the hold from frozen: say so, not just 0.00. */}
              {Number(r.Frozen) !== 0 && <><br /><small className="muted" data-testid="record-frozen"><FormattedMessage id="history.frozen" /> <Amount value={r.Frozen} dp={2} /></small></>}
            </span>
          </li>
        ))}
        {items.length > 0 && <ListEnd finished={finished} loading={isLoading} failed={failedAt === 'end'} rows={items.length} onVisible={more} />}
      </ul>
      </PullToRefresh>
    </Page>
  );
}
