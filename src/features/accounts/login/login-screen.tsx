import { useMemo } from 'react';
import { accountsMessages } from '../messages';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { connectDemo } from '../../../../machines/accounts/demo.connect';
import { connectLogin } from '../../../../machines/accounts/login.connect';
import { queryParams, withReturn } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { demoFlow, demoInput, loginFlow } from '../account-flows';
import { Field, Problem } from '../../../shared/ui/form';
import { Page } from '../../../shared/ui/page';
import { IdentifierTabs, PhoneFields } from '../phone-fields';

// The account strings come with the first account screen.
await accountsMessages;

export default function LoginScreen() {
  const intl = useIntl();
  const from = queryParams().get('from');
  const login = useFlow(useMemo(() => loginFlow(from), [from]));
  const demo = useFlow(useMemo(() => demoFlow(from), [from]), demoInput());
  const { fields: { account, password, area_id: areaId, mobile }, loginType, offersMobile, areas, problem, isBusy: busy } = useView(login, connectLogin);
  const set = (field: 'account' | 'password' | 'area_id' | 'mobile') => (value: string) => login.send({ type: 'FIELD.CHANGE', field, value });
  const { isBusy: demoBusy } = useView(demo, connectDemo);

  return (
    <Page title={intl.formatMessage({ id: 'login.title' })}>
      <form className="content" noValidate onSubmit={(e) => { e.preventDefault(); login.send({ type: 'LOGIN.SUBMIT' }); }}>
        {offersMobile && <IdentifierTabs value={loginType} onChoose={(type) => login.send({ type: 'LOGIN.TYPE', loginType: type })} />}
        {loginType === 'mobile' ? (
          <PhoneFields areas={areas} areaId={areaId} mobile={mobile} onArea={set('area_id')} onMobile={set('mobile')} autoComplete="username" />
        ) : (
          <Field label={intl.formatMessage({ id: 'form.email' })} name="account" type="email" inputMode="email" dir="ltr" autoComplete="username"
            placeholder={intl.formatMessage({ id: 'form.emailPlaceholder' })} value={account} onChange={(e) => set('account')(e.target.value)} />
        )}
        <Field label={intl.formatMessage({ id: 'form.password' })} name="password" type="password" autoComplete="current-password"
          placeholder={intl.formatMessage({ id: 'form.passwordPlaceholder' })} value={password}
          onChange={(e) => set('password')(e.target.value)} />
        <Problem problem={problem} />
        <button className="btn" type="submit" disabled={busy}><FormattedMessage id="login.submit" /></button>
        <div className="links">
          <span><FormattedMessage id="login.noAccount" /> <Link href={withReturn('/register', from)}><FormattedMessage id="login.toRegister" /></Link></span>
          <Link href="/forgot"><FormattedMessage id="login.forgot" /></Link>
        </div>
        <button className="btn secondary" type="button" disabled={demoBusy} onClick={() => demo.send({ type: 'DEMO.START' })}>
          <FormattedMessage id="login.demo" />
        </button>
        <p className="notice"><FormattedMessage id="login.demoHint" /></p>
      </form>
    </Page>
  );
}
