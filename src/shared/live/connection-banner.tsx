import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { connectSocket, type SocketView } from '../../../machines/shared/socket.connect';
import { socketActor } from '../root/root-actor';
import { OfflineQuotesBanner, useOfflineAsOf } from './offline-quotes-banner';

/** Why prices are not live, most serious first; undefined while they are (or before the first connection). */
const bannerOf = (view: SocketView) =>
  view.isReconnecting ? 'live.reconnecting' : view.isLagging ? 'live.delayed' : view.isQuiet ? 'live.quiet' : undefined;

/** Says so when prices are not live; goes away by itself when they are again. */
export function ConnectionBanner() {
  const message = useSelector(socketActor(), (s) => bannerOf(connectSocket(s)));
  const offlineAsOf = useOfflineAsOf(!useStale());
  if (offlineAsOf) return <OfflineQuotesBanner asOf={offlineAsOf} />;
  if (!message) return null;
  return (
    <div className="conn-banner" role="status" data-testid="connection-banner">
      <FormattedMessage id={message} />
    </div>
  );
}

/** True while quotes on screen may be old. */
export const useStale = () => useSelector(socketActor(), (s) => connectSocket(s).isStale);
