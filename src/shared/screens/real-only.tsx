import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { Page } from '../ui/page';

/** The ways from a demo account to a real one, as the message says: register, or log in with one. */
export function LoginToReal() {
  return (
    <div className="real-ways">
      <Link href="/register" className="btn"><FormattedMessage id="user.registerReal" /></Link>
      <Link href="/login" className="btn secondary"><FormattedMessage id="user.loginToReal" /></Link>
    </div>
  );
}

/** What a demo account sees on a screen only real accounts have (spec section 5). */
export default function RealOnly({ title = '' }: { title?: string }) {
  return (
    <Page title={title}>
      <div className="empty">
        <p><FormattedMessage id="user.realOnly" /></p>
        <LoginToReal />
      </div>
    </Page>
  );
}
