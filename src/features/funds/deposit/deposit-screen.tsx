import { useCallback, useMemo } from 'react';
import { fundsMessages } from '../messages';
import '../../../shared/ui/requests.css';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEPOSIT_TYPE } from '../../../../contract/funds';
import { connectSession } from '../../../../machines/accounts/session.connect';
import type { DepositTab } from '../../../../machines/funds/deposit';
import { connectDeposit } from '../../../../machines/funds/deposit.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { queryParams } from '../../../shared/navigation/navigation';
import { sessionActor } from '../../../shared/root/root-actor';
import { Page } from '../../../shared/ui/page';
import { PauseBanner } from '../../../shared/ui/pause-banner';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import RealOnly from '../../../shared/screens/real-only';
import { depositFlow } from '../funds-flows';
import { DepositForm } from './deposit-form';
import { DepositHistory } from './deposit-history';

// The funds strings come with the first funds screen.
await fundsMessages;

const TABS: { tab: DepositTab; label: string }[] = [
  { tab: 'coin', label: 'deposit.tabCoin' },
  { tab: 'bank', label: 'deposit.tabBank' },
];

/** Query `type` 1 opens the bank tab (spec section 2). */
const startTab = (): DepositTab => (Number(queryParams().get('type')) === DEPOSIT_TYPE.bank ? 'bank' : 'coin');

/** /mine/charge: deposit by coin network or bank transfer with a proof image, then the history. */
export default function DepositScreen() {
  const intl = useIntl();
  const demo = useSelector(sessionActor(), (s) => connectSession(s).isDemo);
  const deposit = useFlow(useMemo(depositFlow, []), { tab: startTab(), demo });
  const view = useView(deposit, connectDeposit);
  const proof = useSelector(deposit, (s) => s.children.proof);
  const history = useSelector(deposit, (s) => s.children.history);
  const refresh = useCallback(() => deposit.send({ type: 'LIST.REFRESH' }), [deposit]);
  const more = useCallback(() => deposit.send({ type: 'LIST.MORE' }), [deposit]);

  if (view.isRealOnly) {
    return <RealOnly />;
  }
  return (
    <Page title={intl.formatMessage({ id: 'screen.charge' })}>
      <PullToRefresh onRefresh={refresh}>
        <div className="content">
          <PauseBanner scope="deposits" />
          <div className="segmented" role="group" aria-label={intl.formatMessage({ id: 'screen.charge' })}>
            {TABS.map((t) => (
              <button key={t.tab} type="button" aria-pressed={view.tab === t.tab} onClick={() => deposit.send({ type: 'TAB.SELECT', tab: t.tab })}>
                <FormattedMessage id={t.label} />
              </button>
            ))}
          </div>
          <DepositForm view={view} send={deposit.send} proof={proof} />
        </div>
        <h2 className="section-title"><FormattedMessage id="deposit.history" /></h2>
        <DepositHistory list={history} onMore={more} />
      </PullToRefresh>
    </Page>
  );
}
