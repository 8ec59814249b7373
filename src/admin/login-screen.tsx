import { QRCodeSVG } from 'qrcode.react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectStaffLogin } from '../../machines/backoffice/staff-login.connect';
import { useFlow } from '../shared/flow/use-flow';
import { useView } from '../shared/flow/use-view';
import { staffLoginFlow, type StaffSessionActor } from './flows';
import { Field, Problem } from './ui';

export function LoginScreen({ session, ended }: { session: StaffSessionActor; ended: 'expired' | 'loggedOut' | undefined }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const login = useFlow(useMemo(() => staffLoginFlow(session), [session]));
  const { fields, problem, enrolment, refusal, isBusy } = useView(login, connectStaffLogin);
  const edit = (field: 'email' | 'password' | 'otp') => (e: { target: { value: string } }) => login.send({ type: 'FIELD.CHANGE', field, value: e.target.value });

  return (
    <main className="login">
      <form className="card" noValidate aria-labelledby="login-title" onSubmit={(e) => { e.preventDefault(); login.send({ type: 'LOGIN.SUBMIT' }); }}>
        <h1 id="login-title"><FormattedMessage id="login.title" /></h1>
        {ended ? <p className="notice done" role="status"><FormattedMessage id={`login.ended.${ended}`} /></p> : null}
        <Field label={t('login.email')} name="email" type="email" autoComplete="username" value={fields.email} onChange={edit('email')} />
        <Field label={t('login.password')} name="password" type="password" autoComplete="current-password" value={fields.password} onChange={edit('password')} />
        {enrolment ? (
          <div className="enrolment" data-testid="enrolment">
            <p><FormattedMessage id="login.enrol" /></p>
            <QRCodeSVG value={enrolment.otpauth} size={176} marginSize={2} title={t('login.qr')} />
            <p className="muted"><FormattedMessage id="login.enrolSecret" /> <code>{enrolment.secret}</code></p>
          </div>
        ) : null}
        <Field label={t('login.otp')} name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={fields.otp} onChange={edit('otp')} />
        <Problem id={problem && `login.problem.${problem}`} />
        {refusal ? <p className={`notice ${enrolment ? 'done' : 'refused'}`} role={enrolment ? 'status' : 'alert'}>{refusal}</p> : null}
        <button type="submit" className="btn primary" disabled={isBusy}><FormattedMessage id="login.submit" /></button>
      </form>
    </main>
  );
}
