import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { connectStaffSession } from '../../machines/backoffice/staff-session.connect';
import { useView } from '../shared/flow/use-view';
import type { StaffSessionActor } from './flows';
import type { Catalogue } from './i18n';
import { LoginScreen } from './login-screen';
import { Shell } from './shell';

/** The back-office page under /admin/: login, or the shell of the signed-in staff member. */
export function AdminApp({ session, catalogue }: { session: StaffSessionActor; catalogue: Catalogue }) {
  const view = useView(session, connectStaffSession);
  return (
    <IntlProvider locale={catalogue.locale} messages={catalogue.messages} defaultLocale="en">
      <Router base="/admin">
        {view.phase === 'checking' ? <p className="empty" aria-busy="true">…</p>
          : view.phase === 'loggedOut' ? <LoginScreen session={session} ended={view.ended} />
          : <Shell session={session} email={view.email} role={view.role!} staffId={view.staffId!} screens={view.screens} busy={view.phase === 'loggingOut'} />}
      </Router>
    </IntlProvider>
  );
}
