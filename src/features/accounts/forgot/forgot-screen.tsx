import { useIntl } from 'react-intl';
import { accountsMessages } from '../messages';
import { Page } from '../../../shared/ui/page';
import { PasswordResetForm } from './password-reset-form';

// The account strings come with the first account screen.
await accountsMessages;

export default function ForgotScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'forgot.title' })}>
      <PasswordResetForm mode="forgot" submitLabel={intl.formatMessage({ id: 'forgot.submit' })} />
    </Page>
  );
}
