import { FormattedMessage, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { connectQueue } from '../../../machines/backoffice/review-queue.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { identityInput, identityQueue, type IdentityRow, type IdentityStatus } from '../flows';
import { QueueFrame, DecideButtons, traderOf } from '../queue';
import { Proof, Requested } from '../ui';
import { TraderCell } from './trader';
import { isolated } from '../../../machines/shared/isolate';

const STATUSES: readonly IdentityStatus[] = [1, 2, 3];

export default function IdentityScreen() {
  const intl = useIntl();
  const queue = useFlow(identityQueue, { ...identityInput, trader: traderOf(useSearch()) });
  const view = useView(queue, connectQueue<IdentityRow, IdentityStatus>);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <QueueFrame
      title={t('screen.identity')}
      view={view}
      send={(e) => queue.send(e)}
      statuses={STATUSES}
      statusLabel={(s) => t(`identity.status.${s}`)}
      head={[t('col.trader'), t('col.document'), t('col.front'), t('col.back'), t('col.requested'), t('col.actions')]}
      // The name isolated: an Arabic one would otherwise pull "(uid)" before it.
      describe={(i) => intl.formatMessage({ id: 'identity.describe' }, { name: isolated(i.name), uid: i.uid })}
      // What an approval would overlook (one ID number on two accounts, one picture for both sides) is said again where it is decided.
      caution={(i, decision) => (decision === 'approve' && flagged(i) ? <Flags item={i} /> : null)}
      row={(i) => (
        <>
          <TraderCell item={i} />
          <td className={flagged(i) ? 'flagged' : undefined}>
            <div className="free-text"><strong>{i.name}</strong></div>
            <div className="free-text"><code dir="ltr">{i.card_id}</code></div>
            <div className="muted"><FormattedMessage id="identity.attempts" values={{ attempts: i.attempts }} /></div>
            {i.reason ? <div className="muted free-text">{i.reason}</div> : null}
            {i.same_id_verified.length > 0 ? (
              <p className="badge danger" role="note" data-testid="same-id">
                <SameId ids={i.same_id_verified} />
              </p>
            ) : null}
            {i.same_pictures ? (
              <p className="badge danger" role="note" data-testid="same-pictures">
                <FormattedMessage id="identity.samePictures" />
              </p>
            ) : null}
          </td>
          <td><Proof url={i.front_url} label={intl.formatMessage({ id: 'identity.front' }, { name: i.name })} /></td>
          <td><Proof url={i.back_url} label={intl.formatMessage({ id: 'identity.back' }, { name: i.name })} /></td>
          <td><Requested item={i} /></td>
          {view.canReopen && i.attempts_left === 0 ? (
            <td className="actions-cell">
              <button type="button" className="btn primary small" onClick={() => queue.send({ type: 'DECISION.OPEN', id: i.id, decision: 'reopen' })}>
                <FormattedMessage id="decision.reopen" />
              </button>
            </td>
          ) : <DecideButtons id={i.id} view={view} send={(e) => queue.send(e)} />}
        </>
      )}
    />
  );
}

const flagged = (i: IdentityRow) => i.same_id_verified.length > 0 || i.same_pictures;

const Flags = ({ item }: { item: IdentityRow }) => (
  <>
    {item.same_id_verified.length > 0 ? <SameId ids={item.same_id_verified} /> : null}
    {item.same_id_verified.length > 0 && item.same_pictures ? '. ' : null}
    {item.same_pictures ? <FormattedMessage id="identity.samePictures" /> : null}
  </>
);

const SameId = ({ ids }: { ids: number[] }) => (
  <FormattedMessage id="identity.sameId" values={{ count: ids.length, ids: ids.map((id) => `#${id}`).join(', ') }} />
);
