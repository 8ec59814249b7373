import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdjustmentItem } from '../../../contract/backoffice';
import { connectAdjustmentRequest } from '../../../machines/backoffice/adjustment-request.connect';
import { connectQueue } from '../../../machines/backoffice/review-queue.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { adjustmentRequestFlow, adjustmentsInput, adjustmentsQueue, type AdjustmentStatus } from '../flows';
import { QueueFrame, DecideButtons } from '../queue';
import { Field, Money, NoticeLine, Problem, moneyText } from '../ui';
import { MoneyFactsCell, TraderCell } from './trader';

const STATUSES: readonly AdjustmentStatus[] = ['pending', 'applied', 'rejected'];

export default function AdjustmentsScreen({ staffId }: { staffId: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const queue = useFlow(adjustmentsQueue, adjustmentsInput);
  const view = useView(queue, connectQueue<AdjustmentItem, AdjustmentStatus>);
  const request = useFlow(useMemo(() => adjustmentRequestFlow(queue), [queue]));
  const form = useView(request, connectAdjustmentRequest);
  const edit = (field: 'trader' | 'amount' | 'reason') => (e: { target: { value: string } }) => request.send({ type: 'FIELD.CHANGE', field, value: e.target.value });

  return (
    <>
      <section className="card" aria-labelledby="adjust-title">
        <h2 id="adjust-title"><FormattedMessage id="adjust.title" /></h2>
        <p className="muted"><FormattedMessage id="adjust.hint" /></p>
        <form className="inline-form" noValidate onSubmit={(e) => { e.preventDefault(); request.send({ type: 'REQUEST.SUBMIT' }); }}>
          <Field label={t('adjust.trader')} name="trader" value={form.fields.trader} onChange={edit('trader')} />
          <Field label={t('adjust.amount')} name="amount" inputMode="decimal" value={form.fields.amount} onChange={edit('amount')} />
          <Field label={t('adjust.reason')} name="reason" maxLength={500} value={form.fields.reason} onChange={edit('reason')} />
          <button type="submit" className="btn primary" disabled={form.isBusy}><FormattedMessage id="adjust.submit" /></button>
        </form>
        <Problem id={form.problem && `adjust.problem.${form.problem}`} />
        <NoticeLine notice={form.notice}
          extra={form.requestedId !== undefined ? <span><FormattedMessage id="adjust.requested" values={{ id: form.requestedId }} /></span> : null} />
      </section>
      <QueueFrame
        title={t('screen.adjustments')}
        view={view}
        send={(e) => queue.send(e)}
        statuses={STATUSES}
        statusLabel={(s) => t(`adjust.status.${s}`)}
        head={[t('col.id'), t('col.trader'), t('col.amount'), t('col.reason'), t('col.requestedBy'), t('col.account'), t('col.requested'), t('col.actions')]}
        describe={(a) => intl.formatMessage({ id: 'adjust.describe' }, { id: a.id, amount: moneyText(intl, a.amount), user: `${a.user_id} (${a.email ?? a.uid})` })}
        row={(a) => (
          <>
            <td>#{a.id}</td>
            <TraderCell item={a} />
            <td><Money value={a.amount} /></td>
            <td><div className="free-text">{a.reason}</div></td>
            <td>
              {a.requested_by === staffId ? t('adjust.you') : intl.formatMessage({ id: 'adjust.staff' }, { id: a.requested_by })}
              {a.resolved_by !== null ? <div className="muted">{intl.formatMessage({ id: 'adjust.resolvedBy' }, { id: a.resolved_by })}</div> : null}
            </td>
            <MoneyFactsCell item={a} />
            <td><time>{a.created_at}</time></td>
            <DecideButtons id={a.id} view={view} send={(e) => queue.send(e)}
              approveDisabled={a.requested_by === staffId ? t('adjust.secondNeeded') : undefined} />
          </>
        )}
      />
    </>
  );
}
