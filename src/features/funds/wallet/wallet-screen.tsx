import { useMemo } from 'react';
import { fundsMessages } from '../messages';
import '../../../shared/ui/requests.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { connectWallet } from '../../../../machines/funds/wallet.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Amount } from '../../../shared/ui/amount';
import { Icon } from '../../../shared/ui/icons';
import { SCREEN_ICONS } from '../../../shared/ui/screen-icons';
import { Page } from '../../../shared/ui/page';
import { walletFlow } from '../funds-flows';

// The funds strings come with the first funds screen.
await fundsMessages;

/** /mine/wallet: the balance, and the bound coin addresses and bank accounts. */
export default function WalletScreen() {
  const intl = useIntl();
  const wallet = useFlow(useMemo(walletFlow, []));
  const { available, frozen, isFailed } = useView(wallet, connectWallet);
  return (
    <Page title={intl.formatMessage({ id: 'screen.wallet' })}>
      <div className="content">
        <section className="card" data-testid="wallet-balance">
          {isFailed ? (
            <div>
              <p><FormattedMessage id="common.loadFailed" /></p>
              <button type="button" className="btn secondary" onClick={() => wallet.send({ type: 'RETRY' })}><FormattedMessage id="common.retry" /></button>
            </div>
          ) : (
            <>
              <p className="muted" style={{ margin: '0 0 4px' }}><FormattedMessage id="user.balance" /></p>
              <div className="balance"><Amount value={available} dp={2} /></div>
              <dl className="preview" style={{ marginTop: 8 }}>
                <dt><FormattedMessage id="history.frozen" /></dt><dd><Amount value={frozen} dp={2} /></dd>
              </dl>
            </>
          )}
        </section>
        <ul className="menu">
          <li><Link href="/mine/coin-address-list"><FormattedMessage id="screen.coinAddresses" /><Icon d={SCREEN_ICONS.chevron} size={18} className="flip" /></Link></li>
          <li><Link href="/mine/bank-card-list"><FormattedMessage id="screen.bankCards" /><Icon d={SCREEN_ICONS.chevron} size={18} className="flip" /></Link></li>
        </ul>
      </div>
    </Page>
  );
}
