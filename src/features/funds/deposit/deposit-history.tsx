import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { depositHistory } from '../../../../machines/funds/deposit';
import { depositHistoryRow } from '../../../../machines/funds/deposit.connect';
import { connectPagedList } from '../../../../machines/shared/paged-list.connect';
import { useView } from '../../../shared/flow/use-view';
import { Amount } from '../../../shared/ui/amount';
import { ListEnd } from '../../../shared/ui/list-end';
import { RequestTimes } from '../../../shared/ui/request-times';

/** The tab's deposits, newest first, page by page, each with its status and staff's remark. */
export function DepositHistory({ list, onMore }: { list: ActorRefFrom<typeof depositHistory> | undefined; onMore: () => void }) {
  const { items, isLoading, failedAt, isFinished, empty } = useView(list, connectPagedList);
  return (
    <>
      {failedAt === 'list' && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {empty && <p className="empty"><FormattedMessage id={empty === 'loading' ? 'common.loading' : 'common.noData'} /></p>}
      <ul className="order-list">
        {items.map(depositHistoryRow).map((r) => (
          <li key={r.id} className="record-row" data-testid="deposit-row">
            <div className="top">
              {/* Amounts are in USD (spec section 1); the coin or bank currency is how it travelled. */}
              <strong><Amount value={r.number} dp={2} /> USD</strong>
              <span className="status" data-status={r.status}><FormattedMessage id={`deposit.status.${r.status}`} /></span>
            </div>
            {/* The request's number, as its mails name it. */}
            <small className="muted" data-testid="request-number">#{r.id} · <RequestTimes made={r.createdAt} decided={r.resolvedAt} />{r.currency && ` · ${r.currency}`}</small>
            {r.remark && <small className="muted"><FormattedMessage id="deposit.remark" values={{ remark: <bdi>{r.remark}</bdi> }} /></small>}
          </li>
        ))}
        {items.length > 0 && <ListEnd finished={isFinished} loading={isLoading} failed={failedAt === 'end'} rows={items.length} onVisible={onMore} />}
      </ul>
    </>
  );
}
