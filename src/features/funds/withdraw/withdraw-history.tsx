import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { withdrawHistory } from '../../../../machines/funds/withdraw';
import { withdrawHistoryRow } from '../../../../machines/funds/withdraw.connect';
import { connectPagedList } from '../../../../machines/shared/paged-list.connect';
import { useView } from '../../../shared/flow/use-view';
import { Amount } from '../../../shared/ui/amount';
import { ListEnd } from '../../../shared/ui/list-end';
import { RequestTimes } from '../../../shared/ui/request-times';

/** The tab's withdrawals, page by page; one still waiting can be taken back. */
export function WithdrawHistory({ list, onMore, onCancel }: {
  list: ActorRefFrom<typeof withdrawHistory> | undefined;
  onMore: () => void;
  onCancel: (id: number) => void;
}) {
  const { items, isLoading, failedAt, isFinished, empty } = useView(list, connectPagedList);
  return (
    <>
      {failedAt === 'list' && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
      {empty && <p className="empty"><FormattedMessage id={empty === 'loading' ? 'common.loading' : 'common.noData'} /></p>}
      <ul className="order-list">
        {items.map(withdrawHistoryRow).map((r) => (
          <li key={r.id} className="record-row" data-testid="withdraw-row">
            <div className="top">
              <strong><Amount value={r.number} dp={2} /></strong>
              <span className="status">{r.statusName}</span>
            </div>
            <dl className="preview">
              {r.outcome === 'returned' ? (
                <><dt><FormattedMessage id="withdraw.rowReturned" /></dt><dd><Amount value={r.number} dp={2} /></dd></>
              ) : (
                <>
                  <dt><FormattedMessage id={r.outcome === 'received' ? 'withdraw.rowReceived' : 'withdraw.rowToReceive'} /></dt>
                  <dd><Amount value={r.received} dp={2} upTo={6} /> {r.currency}</dd>
                  <dt><FormattedMessage id="withdraw.rowFee" /></dt><dd><Amount value={r.fee} dp={2} /></dd>
                </>
              )}
              <dt><FormattedMessage id="withdraw.rowTo" /></dt><dd><bdi dir="ltr">{r.destination}</bdi></dd>
              {r.note && <><dt><FormattedMessage id="bank.remark" /></dt><dd dir="auto">{r.note}</dd></>}
              {r.txid && <><dt><FormattedMessage id={r.txidLabel} /></dt><dd className="hash" dir="ltr">{r.txid}</dd></>}
            </dl>
            {/* The request's number, as its mails name it. */}
            <small className="muted" data-testid="request-number">#{r.id} · <RequestTimes made={r.createdAt} decided={r.resolvedAt} /></small>
            {r.reason && <small className="fall"><FormattedMessage id="withdraw.reason" values={{ reason: <bdi>{r.reason}</bdi> }} /></small>}
            {r.canCancel && (
              <button type="button" className="btn small secondary" onClick={() => onCancel(r.id)}><FormattedMessage id="withdraw.cancel" /></button>
            )}
          </li>
        ))}
        {items.length > 0 && <ListEnd finished={isFinished} loading={isLoading} failed={failedAt === 'end'} rows={items.length} onVisible={onMore} />}
      </ul>
    </>
  );
}
