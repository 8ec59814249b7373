import { useMemo } from 'react';
import { accountsMessages } from '../messages';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { connectDemo } from '../../../../machines/accounts/demo.connect';
import { connectLogin } from '../../../../machines/accounts/login.connect';
import { queryParams } from '../../../shared/navigation/navigation';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { demoFlow, demoInput, loginFlow } from '../account-flows';
import { Field, Problem } from '../../../shared/ui/form';
import { Page } from '../../../shared/ui/page';

// The account strings come with the first account screen.
await accountsMessages;

export default function LoginScreen() {
  const intl = useIntl();
  const from = queryParams().get('from');
  const login = useFlow(useMemo(() => loginFlow(from), [from]));
  const demo = useFlow(useMemo(() => demoFlow(from), [from]), demoInput());
  const { fields: { account, password }, problem, isBusy: busy } = useView(login, connectLogin);
  const { isBusy: demoBusy } = useView(demo, connectDemo);

  return (
    <Page title={intl.formatMessage({ id: 'login.title' })}>
      <form className="content" noValidate onSubmit={(e) => { e.preventDefault(); login.send({ type: 'LOGIN.SUBMIT' }); }}>
        <Field label={intl.formatMessage({ id: 'form.email' })} name="account" type="email" inputMode="email" autoComplete="username"
          placeholder={intl.formatMessage({ id: 'form.emailPlaceholder' })} value={account}
          onChange={(e) => login.send({ type: 'FIELD.CHANGE', field: 'account', value: e.target.value })} />
        <Field label={intl.formatMessage({ id: 'form.password' })} name="password" type="password" autoComplete="current-password"
          placeholder={intl.formatMessage({ id: 'form.passwordPlaceholder' })} value={password}
          onChange={(e) => login.send({ type: 'FIELD.CHANGE', field: 'password', value: e.target.value })} />
        <Problem problem={problem} />
        <button className="btn" type="submit" disabled={busy}><FormattedMessage id="login.submit" /></button>
        <div className="links">
          <span><FormattedMessage id="login.noAccount" /> <Link href="/register"><FormattedMessage id="login.toRegister" /></Link></span>
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
