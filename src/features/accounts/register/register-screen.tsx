import { useMemo } from 'react';
import { accountsMessages } from '../messages';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { RegisterFields } from '../../../../machines/accounts/register';
import { connectRegister } from '../../../../machines/accounts/register.connect';
import { queryParams, withReturn } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { registerFlow } from '../account-flows';
import { Field, Problem } from '../../../shared/ui/form';
import { Page } from '../../../shared/ui/page';
import { CodeButton } from './code-button';
import { PhoneFields } from '../phone-fields';

// The account strings come with the first account screen.
await accountsMessages;

export default function RegisterScreen() {
  const intl = useIntl();
  const query = queryParams();
  const from = query.get('from');
  const flow = useFlow(useMemo(() => registerFlow(from), [from]), { inviteCode: query.get('invite_code') ?? undefined });
  const { fields, showsPhoneFields, usesCaptcha, areas, captchaImage: captcha, problem, phase, isSubmitting: busy, countdown } = useView(flow, connectRegister);
  const set = (field: keyof RegisterFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    flow.send({ type: 'FIELD.CHANGE', field, value: e.target.value });
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <Page title={label('register.title')}>
      {phase === 'loading' && <div className="empty"><div className="spinner" style={{ margin: '0 auto' }} /></div>}
      {phase === 'failed' && (
        <div className="empty">
          <p><FormattedMessage id="register.settingsFailed" /></p>
          <button className="btn" type="button" onClick={() => flow.send({ type: 'SETTINGS.RETRY' })}><FormattedMessage id="common.retry" /></button>
        </div>
      )}
      {phase === 'ready' && (
        <form className="content" noValidate onSubmit={(e) => { e.preventDefault(); flow.send({ type: 'REGISTER.SUBMIT' }); }}>
          {showsPhoneFields ? (
            <PhoneFields areas={areas} areaId={fields.area_id} mobile={fields.mobile}
              onArea={(value) => flow.send({ type: 'FIELD.CHANGE', field: 'area_id', value })}
              onMobile={(value) => flow.send({ type: 'FIELD.CHANGE', field: 'mobile', value })} />
          ) : (
            <Field label={label('form.email')} name="account" type="email" inputMode="email" dir="ltr" autoComplete="email"
              placeholder={label('form.emailPlaceholder')} value={fields.account} onChange={set('account')} />
          )}
          {usesCaptcha ? (
            <Field label={label('form.captcha')} name="sms_code" autoComplete="off" placeholder={label('form.captchaPlaceholder')}
              value={fields.sms_code} onChange={set('sms_code')}
              after={captcha && (
                <img className="captcha" src={captcha} alt={label('form.captchaRefresh')} title={label('form.captchaRefresh')}
                  onClick={() => flow.send({ type: 'CAPTCHA.REFRESH' })} />
              )} />
          ) : (
            <Field label={label('form.code')} name="sms_code" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
              placeholder={label(showsPhoneFields ? 'form.smsCodePlaceholder' : 'form.codePlaceholder')} value={fields.sms_code} onChange={set('sms_code')}
              after={<CodeButton countdown={countdown} onSend={() => flow.send({ type: 'CODE.SEND' })} />} />
          )}
          <Field label={label('form.password')} name="password" type="password" autoComplete="new-password"
            value={fields.password} onChange={set('password')} />
          <Field label={label('form.repeatPassword')} name="re_password" type="password" autoComplete="new-password"
            value={fields.re_password} onChange={set('re_password')} />
          <Field label={label('form.inviteCode')} name="invite_code" autoComplete="off" value={fields.invite_code} onChange={set('invite_code')} />
          <Problem problem={problem} />
          <button className="btn" type="submit" disabled={busy}><FormattedMessage id="register.submit" /></button>
          <div className="links">
            <span><FormattedMessage id="register.haveAccount" /> <Link href={withReturn('/login', from)}><FormattedMessage id="register.toLogin" /></Link></span>
          </div>
          <p className="notice"><FormattedMessage id="notice.restricted" /></p>
        </form>
      )}
    </Page>
  );
}
