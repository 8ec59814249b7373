import { useMemo } from 'react';
import { connectConfirm } from '../../../../machines/shared/confirm.connect';
import { connectUserCentre } from '../../../../machines/accounts/user-centre.connect';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { screenStorage } from '../../../shared/storage/screen-storage';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { demoResetFlow, userCentreFlow } from '../account-flows';
import { ThemeChoice } from './theme-choice';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { LiveAccountFigures } from '../../../shared/live/account-figures';
import { Icon } from '../../../shared/ui/icons';
import { SCREEN_ICONS } from '../../../shared/ui/screen-icons';
import { Page } from '../../../shared/ui/page';
import { LoginToReal } from '../../../shared/screens/real-only';
import { toastStore } from '../../../shared/ui/toast-store';

interface MenuItem {
  label: string;
  to: string;
  /** Demo users are told to use a real account instead (spec section 5). */
  realOnly?: boolean;
}

const MENU: MenuItem[] = [
  { label: 'user.deposit', to: '/mine/charge' },
  { label: 'user.history', to: '/mine/history' },
  { label: 'user.withdraw', to: '/mine/withdraw', realOnly: true },
  { label: 'user.wallet', to: '/mine/wallet', realOnly: true },
  { label: 'user.realName', to: '/mine/auth', realOnly: true },
  { label: 'user.invite', to: '/mine/invite', realOnly: true },
  { label: 'user.password', to: '/mine/password', realOnly: true },
  { label: 'user.service', to: '/mine/chat' },
  { label: 'user.complaint', to: '/mine/email' },
  { label: 'user.announcement', to: '/mine/announcement' },
  { label: 'screen.news', to: '/news' },
  { label: 'user.language', to: '/language' },
  { label: 'user.other', to: '/mine/system' },
];

export default function UserScreen() {
  const intl = useIntl();
  const flow = useFlow(userCentreFlow, { hidden: screenStorage.balanceHidden() });
  const { user, isFailed: failed, isBalanceHidden: hidden, isDemo } = useView(flow, connectUserCentre);
  const reset = useFlow(useMemo(() => demoResetFlow(() => flow.send({ type: 'USER.REFRESH' })), [flow]));
  const { isOpen: resetAsked } = useView(reset, connectConfirm);
  const realOnlyMessage = intl.formatMessage({ id: 'user.realOnly' });

  return (
    <Page title={intl.formatMessage({ id: 'user.title' })}>
      <div className="content">
        {/* Not a live region: its equity and P&L change with every tick. */}
        <section className="card">
          {failed ? (
            <div>
              <p><FormattedMessage id="user.loadFailed" /></p>
              <button type="button" className="btn" onClick={() => flow.send({ type: 'USER.REFRESH' })}><FormattedMessage id="common.retry" /></button>
            </div>
          ) : (
            <>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                {/* The UID too: bank transfers and support ask for it. */}
                <span className="muted wrap-anywhere" data-testid="user-identity">
                  {user ? [user.email || user.mobile, intl.formatMessage({ id: 'user.uid' }, { uid: user.uid })].filter(Boolean).join(' · ') : '…'}
                </span>
                {user && <span className={isDemo ? 'badge demo' : 'badge'}><FormattedMessage id={isDemo ? 'user.demoBadge' : 'user.realBadge'} /></span>}
              </div>
              <p className="muted" style={{ marginBottom: 4 }}>
                <FormattedMessage id="user.balance" />
                <button type="button" className="icon-btn" data-testid="balance-toggle"
                  aria-label={intl.formatMessage({ id: hidden ? 'user.showBalance' : 'user.hideBalance' })}
                  onClick={() => flow.send({ type: 'BALANCE.TOGGLE' })}>
                  <Icon d={hidden ? SCREEN_ICONS.eyeOff : SCREEN_ICONS.eye} size={18} />
                </button>
              </p>
              <div className="balance" data-testid="balance">
                {hidden ? '******' : user ? <FormattedNumber value={Number(user.balance ?? 0)} minimumFractionDigits={2} maximumFractionDigits={2} /> : '—'}
              </div>
              {!hidden && user && (
                <>
                  {/* Beside free margin below, which the open P&L moves: why the two differ. */}
                  <p className="hint" data-testid="balance-hint"><FormattedMessage id="user.balanceHint" /></p>
                  <LiveAccountFigures available={user.balance} withdrawalsHeld={user.lock_balance} />
                </>
              )}
            </>
          )}
        </section>
        {/* The ways to a real account; the spec's message is the toast of a real-only item, said once. */}
        {isDemo && (
          <div className="card">
            <LoginToReal />
          </div>
        )}
        <ul className="menu">
          {isDemo && (
            <li>
              <button type="button" onClick={() => reset.send({ type: 'CONFIRM.OPEN' })}>
                <FormattedMessage id="user.demoReset" /><Icon d={SCREEN_ICONS.chevron} size={18} className="flip" />
              </button>
            </li>
          )}
          {MENU.map((item) => (
            <li key={item.to}>
              {isDemo && item.realOnly ? (
                <button type="button" onClick={() => toastStore.show(realOnlyMessage)}>
                  <FormattedMessage id={item.label} /><Icon d={SCREEN_ICONS.chevron} size={18} className="flip" />
                </button>
              ) : (
                <Link href={item.to}><FormattedMessage id={item.label} /><Icon d={SCREEN_ICONS.chevron} size={18} className="flip" /></Link>
              )}
            </li>
          ))}
          <ThemeChoice />
        </ul>
        <p className="notice"><FormattedMessage id="notice.restricted" /></p>
      </div>
      <ConfirmDialog open={resetAsked} text={intl.formatMessage({ id: 'user.demoResetConfirm' })} confirmLabel={intl.formatMessage({ id: 'user.demoReset' })}
        onConfirm={() => reset.send({ type: 'CONFIRM.ACCEPT' })} onCancel={() => reset.send({ type: 'CONFIRM.CANCEL' })} />
    </Page>
  );
}
