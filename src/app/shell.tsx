import { Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ConnectionBanner } from '../shared/live/connection-banner';
import { TabBar } from '../shared/ui/tab-bar';
import { LoadingVeil, Toaster } from '../shared/ui/toaster';
import { currentPath, loginPath } from '../shared/navigation/navigation';
import { RealOnly, ROUTES, type RouteDef } from './routes';
import { sessionActor } from '../shared/root/root-actor';
import { arriveAt } from './arrival';
import { ScreenFault } from './screen-fault';
import { connectSession } from '../../machines/accounts/session.connect';

/** A screen's code on its way; offline, a screen never opened has none here yet, and says when it will open (routes.ts). */
function ScreenComing() {
  return (
    <div className="empty">
      <div className="spinner" style={{ margin: '0 auto' }} />
      {!navigator.onLine && <p><FormattedMessage id="live.screenOffline" /></p>}
    </div>
  );
}

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
      <ScreenFault key={path}>
      <Suspense fallback={<ScreenComing />}>
        <Switch>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              <Guarded route={route} />
            </Route>
          ))}
          <Route><Redirect to="/" replace /></Route>
        </Switch>
      </Suspense>
      </ScreenFault>
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
