import { Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { ConnectionBanner } from '../shared/live/connection-banner';
import { Page } from '../shared/ui/page';
import { TabBar } from '../shared/ui/tab-bar';
import { LoadingVeil, Toaster } from '../shared/ui/toaster';
import { currentPath, loginPath } from '../shared/navigation/navigation';
import { ROUTES, type RouteDef } from './routes';
import { sessionActor } from '../shared/root/root-actor';
import { arriveAt } from './arrival';
import { connectSession } from '../../machines/accounts/session.connect';

/**
 * The frame around every screen: routes, guards, tab bar, toasts, loading indicator. Each
 * navigation is an arrival (arrival.ts).
 */
export function Shell() {
  const [path] = useLocation();
  // Braces matter: scrollTo returns a promise in newer browsers, and React would call it on cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
    arriveAt(path);
  }, [path]);
  return (
    <>
      <ConnectionBanner />
      <Suspense fallback={<div className="empty"><div className="spinner" style={{ margin: '0 auto' }} /></div>}>
        <Switch>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              <Guarded route={route} />
            </Route>
          ))}
          <Route><Redirect to="/" replace /></Route>
        </Switch>
      </Suspense>
      {ROUTES.some((r) => r.tabs && r.path === path) && <TabBar />}
      <Toaster />
      <LoadingVeil />
    </>
  );
}

function Guarded({ route }: { route: RouteDef }) {
  const state = useSelector(sessionActor(), (s) => connectSession(s).access);
  if (route.login && state === 'out') return <Redirect to={loginPath(currentPath())} replace />;
  if (route.realOnly && state === 'demo') return <RealOnly />;
  const Screen = route.screen;
  return <Screen {...route.props} />;
}

/** Demo accounts cannot open real-only screens (spec section 5). */
function RealOnly() {
  return (
    <Page title="">
      <div className="empty">
        <p><FormattedMessage id="user.realOnly" /></p>
        <Link href="/login" className="btn secondary" style={{ display: 'inline-flex', alignItems: 'center' }}>
          <FormattedMessage id="user.loginToReal" />
        </Link>
      </div>
    </Page>
  );
}
