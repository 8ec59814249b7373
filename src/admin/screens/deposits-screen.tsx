import { FormattedMessage, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import type { DepositItem } from '../../../contract/backoffice';
import { connectQueue } from '../../../machines/backoffice/review-queue.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { depositsInput, depositsQueue, type DepositStatus } from '../flows';
import { QueueFrame, DecideButtons, traderOf } from '../queue';
import { Money, Proof, Requested, moneyText } from '../ui';
import { MoneyFactsCell, TraderCell } from './trader';

const STATUSES: readonly DepositStatus[] = [0, 1, 2, 3];

export default function DepositsScreen() {
  const intl = useIntl();
  const queue = useFlow(depositsQueue, { ...depositsInput, trader: traderOf(useSearch()) });
  const view = useView(queue, connectQueue<DepositItem, DepositStatus>);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <QueueFrame
      title={t('screen.deposits')}
      view={view}
      send={(e) => queue.send(e)}
      statuses={STATUSES}
      statusLabel={(s) => t(`deposits.status.${s}`)}
      head={[t('col.id'), t('col.trader'), t('col.amount'), t('col.channel'), t('col.proof'), t('col.account'), t('col.requested'), t('col.actions')]}
      describe={(d) => intl.formatMessage({ id: 'deposits.describe' }, { id: d.id, amount: `${moneyText(intl, d.amount)} USD`, uid: d.uid })}
      // A credit would pay one transfer twice: the flag is said again where it is decided.
      caution={(d, decision) => (decision === 'approve' && d.same_proof.length > 0 ? <SameProof ids={d.same_proof} /> : null)}
      row={(d) => (
        <>
          <td>#{d.id}</td>
          <TraderCell item={d} />
          {/* Deposits are credited in USD (spec); the coin or bank currency is only how it was sent. */}
          <td><Money value={d.amount} unit="USD" /><div className="muted">{intl.formatMessage({ id: 'deposits.sentIn' }, { currency: d.currency_code })}</div></td>
          <td>
            <div className="free-text">{d.channel_name}</div>
            <div className="muted free-text">{d.reference ? intl.formatMessage({ id: 'deposits.reference' }, { reference: d.reference }) : t('deposits.noReference')}</div>
            {d.remark ? <div className="muted free-text">{d.remark}</div> : null}
          </td>
          <td className={d.same_proof.length > 0 ? 'flagged' : undefined}>
            <Proof url={d.proof_url} label={intl.formatMessage({ id: 'deposits.proofOf' }, { id: d.id })} />
            {d.same_proof.length > 0 ? <p className="badge danger" role="note" data-testid="same-proof"><SameProof ids={d.same_proof} /></p> : null}
          </td>
          <MoneyFactsCell item={d} />
          <td><Requested item={d} /></td>
          <DecideButtons id={d.id} view={view} send={(e) => queue.send(e)} />
        </>
      )}
    />
  );
}

const SameProof = ({ ids }: { ids: number[] }) => (
  <FormattedMessage id="deposits.sameProof" values={{ count: ids.length, ids: ids.map((id) => `#${id}`).join(', ') }} />
);
