import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { connectSocket } from '../../../machines/shared/socket.connect';
import { socketActor } from '../root/root-actor';
import { OfflineQuotesBanner, useOfflineAsOf } from './offline-quotes-banner';

/** Says so when prices are not live; goes away by itself when they are again. */
export function ConnectionBanner() {
  const down = useSelector(socketActor(), (s) => connectSocket(s).isReconnecting);
  const quiet = useSelector(socketActor(), (s) => connectSocket(s).isQuiet);
  const lagging = useSelector(socketActor(), (s) => connectSocket(s).isLagging);
  const offlineAsOf = useOfflineAsOf(!useStale());
  if (offlineAsOf) return <OfflineQuotesBanner asOf={offlineAsOf} />;
  if (!down && !quiet && !lagging) return null;
  return (
    <div className="conn-banner" role="status" data-testid="connection-banner">
      <FormattedMessage id={down ? 'live.reconnecting' : lagging ? 'live.delayed' : 'live.quiet'} />
    </div>
  );
}

/** True while quotes on screen may be old. */
export const useStale = () => useSelector(socketActor(), (s) => connectSocket(s).isStale);
