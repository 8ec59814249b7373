import { QRCodeSVG } from 'qrcode.react';
import { FormattedMessage, useIntl } from 'react-intl';
import { STAFF_ROLES, type StaffRole } from '../../../contract/backoffice';
import type { MemberChange } from '../../../machines/backoffice/staff-admin';
import { connectStaffAdmin } from '../../../machines/backoffice/staff-admin.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { staffAdminFlow } from '../flows';
import { ConfirmDialog, Field, NoticeLine, Problem } from '../ui';

export default function StaffScreen({ staffId }: { staffId: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(staffAdminFlow);
  const view = useView(actor, connectStaffAdmin);
  return (
    <>
      <section className="card" aria-labelledby="new-staff-title">
        <h2 id="new-staff-title"><FormattedMessage id="staff.new" /></h2>
        {view.created ? (
          <div className="enrolment" data-testid="new-staff-secret">
            <p><FormattedMessage id={view.created.kind === 'reset' ? 'staff.reset' : 'staff.created'} values={{ email: view.created.email, role: t(`role.${view.created.role}`) }} /></p>
            <QRCodeSVG value={view.created.otpauth} size={176} marginSize={2} title={t('staff.qr')} />
            <p><FormattedMessage id="staff.secret" /> <code>{view.created.secret}</code></p>
            <p className="muted"><FormattedMessage id="staff.once" /></p>
            <button type="button" className="btn" onClick={() => actor.send({ type: 'STAFF.DISMISS' })}><FormattedMessage id="staff.dismiss" /></button>
          </div>
        ) : (
          <form className="inline-form" noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'STAFF.CREATE' }); }}>
            <Field label={t('login.email')} name="email" type="email" autoComplete="off" value={view.fields.email}
              onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'email', value: e.target.value })} />
            <Field label={t('staff.password')} name="password" type="password" autoComplete="new-password" value={view.fields.password}
              onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'password', value: e.target.value })} />
            <div className="field">
              <label htmlFor="new-staff-role"><FormattedMessage id="staff.role" /></label>
              <select id="new-staff-role" value={view.fields.role} onChange={(e) => actor.send({ type: 'FIELD.ROLE', role: e.target.value as StaffRole })}>
                {STAFF_ROLES.map((r) => <option key={r} value={r}>{t(`role.${r}`)}</option>)}
              </select>
            </div>
            <button type="submit" className="btn primary" disabled={view.isCreating}><FormattedMessage id="staff.create" /></button>
          </form>
        )}
        <Problem id={view.problem && `staff.problem.${view.problem}`} />
      </section>
      <NoticeLine notice={view.notice} />
      <section aria-labelledby="screen-title">
        <header className="screen-head">
          <h1 id="screen-title"><FormattedMessage id="screen.staff" /></h1>
          <button type="button" className="btn small" onClick={() => actor.send({ type: 'STAFF.RELOAD' })} disabled={view.isLoading}>
            <FormattedMessage id="queue.refresh" />
          </button>
        </header>
        <div className="table-wrap">
          <table aria-busy={view.isLoading}>
            <thead>
              <tr>
                <th scope="col">{t('col.id')}</th><th scope="col">{t('login.email')}</th><th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.active')}</th><th scope="col">{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {view.staff.map((s) => {
                // Nobody changes their own role, access or authenticator.
                const self = s.id === staffId;
                const ask = (change: MemberChange) => actor.send({ type: 'MEMBER.ASK', change });
                return (
                  <tr key={s.id}>
                    <td>{s.id}</td>
                    <td>{s.email}{self ? <span className="muted"> {t('staff.you')}</span> : null}</td>
                    <td>
                      {self ? t(`role.${s.role}`) : (
                        <select aria-label={intl.formatMessage({ id: 'staff.roleOf' }, { email: s.email })} value={s.role} disabled={view.isChanging}
                          onChange={(e) => ask({ kind: 'update', id: s.id, email: s.email, role: e.target.value as StaffRole, active: s.active })}>
                          {STAFF_ROLES.map((r) => <option key={r} value={r}>{t(`role.${r}`)}</option>)}
                        </select>
                      )}
                    </td>
                    <td>{t(s.active ? 'common.yes' : 'common.no')}</td>
                    <td className="actions-cell">
                      {self ? null : (
                        <>
                          <button type="button" className="btn small" disabled={view.isChanging}
                            onClick={() => ask({ kind: 'update', id: s.id, email: s.email, role: s.role, active: !s.active })}>
                            {t(s.active ? 'staff.deactivate' : 'staff.reactivate')}
                          </button>
                          <button type="button" className="btn small" disabled={view.isChanging}
                            onClick={() => ask({ kind: 'authenticator', id: s.id, email: s.email })}>
                            {t('staff.resetAuthenticator')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      {view.asked ? (
        <ConfirmDialog
          question={intl.formatMessage({ id: view.asked.question }, {
            email: view.asked.change.email,
            role: view.asked.change.kind === 'update' ? t(`role.${view.asked.change.role}`) : '',
          })}
          confirmLabel={t('staff.confirm')}
          busy={view.isSaving}
          onConfirm={() => actor.send({ type: 'MEMBER.CONFIRM' })}
          onCancel={() => actor.send({ type: 'MEMBER.CANCEL' })}
        />
      ) : null}
    </>
  );
}
