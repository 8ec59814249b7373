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
  // Primitives, so a new session snapshot does not count as a change.
  const mobile = useSelector(sessionActor(), (s) => connectSession(s).phone?.mobile);
  const areaId = useSelector(sessionActor(), (s) => connectSession(s).phone?.areaId);
  const phone = mobile !== undefined && areaId !== undefined ? { mobile, areaId } : undefined;
  return (
    <Page title={intl.formatMessage({ id: 'password.title' })}>
      <PasswordResetForm mode="change" account={email} phone={phone} submitLabel={intl.formatMessage({ id: 'password.submit' })} />
    </Page>
  );
}
