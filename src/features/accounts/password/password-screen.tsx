import { useSelector } from '@xstate/react';
import { accountsMessages } from '../messages';
import { useIntl } from 'react-intl';
import { connectSession } from '../../../../machines/accounts/session.connect';
import { sessionActor } from '../../../shared/root/root-actor';
import { Page } from '../../../shared/ui/page';
import { PasswordResetForm } from '../forgot/password-reset-form';

// The account strings come with the first account screen.
await accountsMessages;

export default function PasswordScreen() {
  const intl = useIntl();
  const email = useSelector(sessionActor(), (s) => connectSession(s).email);
  return (
    <Page title={intl.formatMessage({ id: 'password.title' })}>
      <PasswordResetForm mode="change" account={email} submitLabel={intl.formatMessage({ id: 'password.submit' })} />
    </Page>
  );
}
