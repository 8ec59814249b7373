import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { Page } from '../ui/page';

/** The way from a demo account to a real one: log in with it. */
export function LoginToReal() {
  return <Link href="/login" className="btn secondary"><FormattedMessage id="user.loginToReal" /></Link>;
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
