import { useCallback, useMemo } from 'react';
import { fundsMessages } from '../messages';
import '../../../shared/ui/requests.css';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { DRAW_TYPE } from '../../../../contract/funds';
import type { DrawType } from '../../../../machines/funds/withdraw';
import { connectWithdraw } from '../../../../machines/funds/withdraw.connect';
import { connectWallet } from '../../../../machines/funds/wallet.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Amount } from '../../../shared/ui/amount';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Page } from '../../../shared/ui/page';
import { PauseBanner } from '../../../shared/ui/pause-banner';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { withdrawFlow } from '../funds-flows';
import { currencyQuery, drawTypeQuery } from '../payout-query';
import { WithdrawForm } from './withdraw-form';
import { WithdrawHistory } from './withdraw-history';

// The funds strings come with the first funds screen.
await fundsMessages;

const TABS: { type: DrawType; label: string }[] = [
  { type: DRAW_TYPE.address, label: 'withdraw.tabAddress' },
  { type: DRAW_TYPE.bank, label: 'withdraw.tabBank' },
];

/** /mine/withdraw: to a bound coin address or bank account, with fee preview and the history. */
export default function WithdrawScreen() {
  const intl = useIntl();
  const withdraw = useFlow(useMemo(withdrawFlow, []), { type: drawTypeQuery(), currencyId: currencyQuery() });
  const view = useView(withdraw, connectWithdraw);
  const balance = useView(useSelector(withdraw, (s) => s.children.balance), connectWallet);
  const history = useSelector(withdraw, (s) => s.children.history);
  const refresh = useCallback(() => withdraw.send({ type: 'LIST.REFRESH' }), [withdraw]);
  const more = useCallback(() => withdraw.send({ type: 'LIST.MORE' }), [withdraw]);

  return (
    <Page title={intl.formatMessage({ id: 'screen.withdraw' })}>
      <PullToRefresh onRefresh={refresh}>
        <div className="content">
          <PauseBanner scope="withdrawals" />
          <div className="segmented" role="group" aria-label={intl.formatMessage({ id: 'screen.withdraw' })}>
            {TABS.map((t) => (
              <button key={t.type} type="button" aria-pressed={view.type === t.type} onClick={() => withdraw.send({ type: 'TAB.SELECT', drawType: t.type })}>
                <FormattedMessage id={t.label} />
              </button>
            ))}
          </div>
          {view.needsIdentity && (
            <p className="card notice" data-testid="identity-note">
              <FormattedMessage id="withdraw.identityNote" /> <Link href="/mine/auth"><FormattedMessage id="withdraw.toIdentity" /></Link>
            </p>
          )}
          <section className="card" data-testid="withdraw-balance">
            <dl className="preview">
              <dt><FormattedMessage id="history.available" /></dt><dd><Amount value={balance.available} dp={2} /></dd>
              <dt><FormattedMessage id="history.frozen" /></dt><dd><Amount value={balance.frozen} dp={2} /></dd>
            </dl>
          </section>
          <WithdrawForm view={view} send={withdraw.send} />
        </div>
        <h2 className="section-title"><FormattedMessage id="withdraw.history" /></h2>
        <WithdrawHistory list={history} onMore={more} onCancel={(id) => withdraw.send({ type: 'CANCEL.ASK', id })} />
      </PullToRefresh>
      <ConfirmDialog open={view.isUnbound} text={intl.formatMessage({ id: 'withdraw.unbound' })} confirmLabel={intl.formatMessage({ id: 'withdraw.bindNow' })}
        onConfirm={() => withdraw.send({ type: 'BIND.GO' })} onCancel={() => withdraw.send({ type: 'BIND.DISMISS' })} />
      <ConfirmDialog open={view.isCancelAsked} text={intl.formatMessage({ id: 'withdraw.cancelConfirm' })} confirmLabel={intl.formatMessage({ id: 'withdraw.cancel' })}
        dismissLabel={intl.formatMessage({ id: 'withdraw.keep' })}
        onConfirm={() => withdraw.send({ type: 'CANCEL.ACCEPT' })} onCancel={() => withdraw.send({ type: 'CANCEL.DISMISS' })} />
    </Page>
  );
}
