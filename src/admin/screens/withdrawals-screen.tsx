import { useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import type { WithdrawalItem } from '../../../contract/backoffice';
import { WITHDRAW_STATUSES, type WithdrawStatus } from '../../../contract/funds';
import { connectQueue } from '../../../machines/backoffice/review-queue.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { withdrawalsInput, withdrawalsQueue } from '../flows';
import { QueueFrame, DecideButtons, traderOf } from '../queue';
import { Destination, Money, Requested, moneyText } from '../ui';
import { MoneyFactsCell, TraderCell } from './trader';
import { openWithdrawals, type PendingCounts } from '../../../machines/backoffice/pending-counts';

export default function WithdrawalsScreen({ staffId, counts }: { staffId: number; counts: PendingCounts }) {
  const intl = useIntl();
  const queue = useFlow(withdrawalsQueue, { ...withdrawalsInput, trader: traderOf(useSearch()) });
  const view = useView(queue, connectQueue<WithdrawalItem, WithdrawStatus>);
  const t = (id: string) => intl.formatMessage({ id });
  const labelled = (s: WithdrawStatus) => {
    const waiting = openWithdrawals(counts, s);
    return t(`withdrawals.status.${s}`) + (waiting === undefined ? '' : ` (${waiting})`);
  };
  return (
    <QueueFrame
      title={t('screen.withdrawals')}
      view={view}
      send={(e) => queue.send(e)}
      statuses={WITHDRAW_STATUSES}
      // The two kinds of open request say how many wait, so that the menu's count is found in the lists.
      statusLabel={labelled}
      head={[t('col.id'), t('col.trader'), t('col.amount'), t('col.destination'), t('col.account'), t('col.requested'), t('col.actions')]}
      describe={(w) => intl.formatMessage({ id: 'withdrawals.describe' }, { id: w.id, amount: moneyText(intl, w.amount), uid: w.uid })}
      row={(w) => (
        <>
          <td>#{w.id}</td>
          <TraderCell item={w} />
          <td>
            <Money value={w.amount} />
            <div className="muted">{intl.formatMessage({ id: 'withdrawals.feeReceived' }, { fee: moneyText(intl, w.fee), received: moneyText(intl, w.received), currency: w.currency })}</div>
            {w.needs_two ? <span className="badge warn">{t('withdrawals.fourEyes')}</span> : null}
            {w.first_approver !== null ? <div className="muted">{intl.formatMessage({ id: 'withdrawals.firstApprover' }, { who: w.first_approver_email ?? `#${w.first_approver}` })}</div> : null}
          </td>
          <td>
            <div className="muted">{w.currency}</div>
            <Destination parts={w.destination} />
            {w.destination_deleted && (w.status === 'waiting' || w.status === 'approved') ? <p className="badge danger" role="note" data-testid="destination-deleted">{t('withdrawals.destinationDeleted')}</p> : null}
            {w.memo ? <div className="muted free-text">{intl.formatMessage({ id: 'withdrawals.memo' }, { memo: w.memo })}</div> : null}
            {w.txid ? <div className="muted">{intl.formatMessage({ id: 'withdrawals.txid' }, { txid: w.txid })}</div> : null}
            {w.reason ? <div className="muted free-text">{w.reason}</div> : null}
          </td>
          <MoneyFactsCell item={w} />
          <td><Requested item={w} /></td>
          <DecideButtons id={w.id} view={view} send={(e) => queue.send(e)}
            approveDisabled={w.first_approver === staffId ? t('withdrawals.youApprovedFirst') : undefined} />
        </>
      )}
    />
  );
}
