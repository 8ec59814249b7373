import { useIntl } from 'react-intl';
import { Page } from '../../../shared/ui/page';
import { PasswordResetForm } from './password-reset-form';

export default function ForgotScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'forgot.title' })}>
      <PasswordResetForm mode="forgot" submitLabel={intl.formatMessage({ id: 'forgot.submit' })} />
    </Page>
  );
}
