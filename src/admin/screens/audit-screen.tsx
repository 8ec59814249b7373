import { FormattedMessage, useIntl } from 'react-intl';
import { connectAuditLog } from '../../../machines/backoffice/audit-log.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { auditLogFlow } from '../flows';
import { Field, NoticeLine, Pager, Problem } from '../ui';

/** The actions the server writes (server/backoffice/routes.ts), offered as the filter is typed. */
const ACTIONS = [
  'staff.login', 'staff.create', 'staff.update', 'staff.reset_authenticator', 'deposit.approve', 'deposit.reject',
  'withdrawal.approve', 'withdrawal.pay', 'withdrawal.reject', 'identity.approve', 'identity.reject',
  'adjustment.request', 'adjustment.approve', 'adjustment.reject', 'area.save', 'area.remove', 'category.save',
  'news.save', 'company.save', 'settings.save', 'feedback.handle',
];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

export default function AuditScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(auditLogFlow);
  const view = useView(actor, connectAuditLog);
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title"><FormattedMessage id="screen.audit" /></h1>
      </header>
      <form className="inline-form" role="search" noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'FILTER.APPLY' }); }}>
        <Field label={t('audit.staffFilter')} name="staff" value={view.filter.staff}
          onChange={(e) => actor.send({ type: 'FILTER.CHANGE', field: 'staff', value: e.target.value })} />
        <datalist id="audit-actions">{ACTIONS.map((a) => <option key={a} value={a} />)}</datalist>
        <Field label={t('audit.action')} name="action" list="audit-actions" placeholder="deposit.approve" value={view.filter.action}
          onChange={(e) => actor.send({ type: 'FILTER.CHANGE', field: 'action', value: e.target.value })} />
        <Field label={t('audit.targetFilter')} name="target" placeholder="withdrawal:4" value={view.filter.target}
          onChange={(e) => actor.send({ type: 'FILTER.CHANGE', field: 'target', value: e.target.value })} />
        <button type="submit" className="btn primary" disabled={view.isLoading}><FormattedMessage id="audit.apply" /></button>
        <button type="button" className="btn" onClick={() => actor.send({ type: 'FILTER.CLEAR' })} disabled={view.isLoading}><FormattedMessage id="audit.clear" /></button>
      </form>
      <Problem id={view.problem && `audit.problem.${view.problem}`} />
      <NoticeLine notice={view.notice} />
      <div className="table-wrap">
        <table aria-busy={view.isLoading}>
          <thead>
            <tr>{['audit.at', 'audit.staff', 'audit.action', 'audit.target', 'audit.reason', 'audit.ip', 'audit.change'].map((id) => <th key={id} scope="col">{t(id)}</th>)}</tr>
          </thead>
          <tbody>
            {view.items.map((row) => (
              <tr key={row.id}>
                <td><time>{row.at}</time></td>
                <td>{row.staff_email ?? '—'}{row.staff_id !== null ? <span className="muted"> #{row.staff_id}</span> : null}</td>
                <td><code>{row.action}</code></td>
                <td>{row.target}</td>
                <td><div className="free-text">{row.reason ?? ''}</div></td>
                <td>{row.ip ?? ''}</td>
                <td>
                  {row.before !== null || row.after !== null ? (
                    <details>
                      <summary><FormattedMessage id="audit.show" /></summary>
                      {row.before !== null ? <><h3><FormattedMessage id="audit.before" /></h3><pre>{json(row.before)}</pre></> : null}
                      {row.after !== null ? <><h3><FormattedMessage id="audit.after" /></h3><pre>{json(row.after)}</pre></> : null}
                    </details>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {view.items.length === 0 && !view.isLoading ? <p className="empty"><FormattedMessage id="queue.empty" /></p> : null}
      </div>
      <Pager page={view.page} pages={view.pages} total={view.total} onPage={(page) => actor.send({ type: 'QUEUE.PAGE', page })} />
    </section>
  );
}
