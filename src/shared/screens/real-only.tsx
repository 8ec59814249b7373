import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { currentPath, loginPath, withReturn } from '../navigation/navigation';
import { Page } from '../ui/page';

/** The ways from a demo account to a real one, as the message says: register, or log in with one and come back here. */
export function LoginToReal() {
  return (
    <div className="real-ways">
      <Link href={withReturn('/register', currentPath())} className="btn"><FormattedMessage id="user.registerReal" /></Link>
      <Link href={loginPath(currentPath())} className="btn secondary"><FormattedMessage id="user.loginToReal" /></Link>
    </div>
  );
}

/** The title of each screen only real accounts have, as that screen names itself. */
const TITLES: Record<string, string> = {
  '/mine/auth': 'screen.auth', '/mine/invite': 'screen.invite', '/mine/password': 'user.password', '/mine/charge': 'screen.charge',
  '/mine/withdraw': 'screen.withdraw', '/mine/wallet': 'screen.wallet', '/mine/bank-card-list': 'screen.bankCards',
  '/mine/coin-address-list': 'screen.coinAddresses', '/mine/withdraw-way': 'screen.withdrawWay',
};

/** What a demo account sees on a screen only real accounts have (spec section 5). */
export default function RealOnly() {
  const intl = useIntl();
  const [path] = useLocation();
  return (
    <Page title={TITLES[path] ? intl.formatMessage({ id: TITLES[path] }) : ''}>
      <div className="empty">
        <p><FormattedMessage id="user.realOnly" /></p>
        <LoginToReal />
      </div>
    </Page>
  );
}
