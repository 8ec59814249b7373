import { useEffect, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import type { StaffRole } from '../../contract/backoffice';
import { screensClosedTo, type Screen } from '../../machines/backoffice/roles';
import type { PendingCounts } from '../../machines/backoffice/pending-counts';
import { useFlow } from '../shared/flow/use-flow';
import { pendingCountsFlow, type StaffSessionActor } from './flows';
import DepositsScreen from './screens/deposits-screen';
import WithdrawalsScreen from './screens/withdrawals-screen';
import IdentityScreen from './screens/identity-screen';
import AdjustmentsScreen from './screens/adjustments-screen';
import AuditScreen from './screens/audit-screen';
import StaffScreen from './screens/staff-screen';
import TradersScreen from './screens/traders-screen';
import FundsSettingsScreen from './screens/funds-settings-screen';
import SiteSettingsScreen from './screens/site-settings-screen';
import PausesScreen from './screens/pauses-screen';
import NewsScreen from './screens/news-screen';
import CompaniesScreen from './screens/companies-screen';
import FeedbackScreen from './screens/feedback-screen';
import ProductsScreen from './screens/products-screen';
import AreasScreen from './screens/areas-screen';

/** What every screen is given: who is signed in, and the screens their role opens. */
export type ScreenProps = { staffId: number; screens: readonly Screen[]; counts: PendingCounts };

const SCREENS: Record<Screen, ComponentType<ScreenProps>> = {
  deposits: DepositsScreen,
  withdrawals: WithdrawalsScreen,
  identity: IdentityScreen,
  adjustments: AdjustmentsScreen,
  staff: StaffScreen,
  audit: AuditScreen,
  traders: TradersScreen,
  funds: FundsSettingsScreen,
  site: SiteSettingsScreen,
  pauses: PausesScreen,
  news: NewsScreen,
  companies: CompaniesScreen,
  feedback: FeedbackScreen,
  products: ProductsScreen,
  areas: AreasScreen,
};

/** The signed-in page: who is here, the screens their role opens, logout. */
export function Shell({ session, email, role, staffId, screens, busy }: {
  session: StaffSessionActor;
  email: string;
  role: StaffRole;
  staffId: number;
  screens: readonly Screen[];
  busy: boolean;
}) {
  const intl = useIntl();
  const pending = useFlow(pendingCountsFlow);
  const counts: PendingCounts = useSelector(pending, (s) => s.context.counts);
  const [path] = useLocation();
  // Opening a screen asks for the counts again.
  useEffect(() => pending.send({ type: 'PENDING.REFRESH' }), [path, pending]);
  // The tab and a screen reader name the screen open, as the menu marks it.
  const current = screens.find((screen) => path === `/${screen}`);
  useEffect(() => {
    const app = intl.formatMessage({ id: 'app.title' });
    document.title = current ? `${intl.formatMessage({ id: `screen.${current}` })} · ${app}` : app;
  }, [current, intl]);
  return (
    <div className="shell">
      <header className="top">
        <span className="brand"><FormattedMessage id="app.title" /></span>
        <nav aria-label={intl.formatMessage({ id: 'nav.label' })}>
          {screens.map((screen) => {
            const waiting = counts[screen];
            return (
              <span key={screen} className="nav-item">
                <Link href={`/${screen}`} className={(active: boolean) => (active ? 'active' : '')} aria-current={screen === current ? 'page' : undefined}>
                  <FormattedMessage id={`screen.${screen}`} />
                </Link>
                {waiting ? (
                  <span className="count" data-testid={`waiting-${screen}`} title={intl.formatMessage({ id: 'nav.waiting' }, { count: waiting })}>{waiting}</span>
                ) : null}
              </span>
            );
          })}
        </nav>
        <div className="who" data-testid="who">
          <span>{email}</span>
          <span className="badge">{intl.formatMessage({ id: `role.${role}` })}</span>
          <button type="button" className="btn small" disabled={busy} onClick={() => session.send({ type: 'SESSION.LOGOUT' })}>
            <FormattedMessage id="nav.logout" />
          </button>
        </div>
      </header>
      <main className="content">
        <Switch>
          {screens.map((screen) => {
            const Component = SCREENS[screen];
            return <Route key={screen} path={`/${screen}`}><Component staffId={staffId} screens={screens} counts={counts} /></Route>;
          })}
          {screensClosedTo(role).map((screen) => (
            <Route key={screen} path={`/${screen}`}>
              <p className="notice refused" role="alert" data-testid="not-allowed">
                <FormattedMessage id="nav.notAllowed" values={{ screen: intl.formatMessage({ id: `screen.${screen}` }) }} />
              </p>
            </Route>
          ))}
          <Route><Redirect to={`/${screens[0] ?? ''}`} replace /></Route>
        </Switch>
      </main>
    </div>
  );
}
