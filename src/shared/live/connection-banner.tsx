import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { socketActor } from './socket';

/** Says so when prices are not live; goes away by itself when they are again. */
export function ConnectionBanner() {
  const down = useSelector(socketActor(), (s) => s.matches('reconnecting') || (s.matches('connected') && !s.matches({ connected: 'live' }) && s.context.attempt > 0));
  return down ? (
    <div className="conn-banner" role="status" data-testid="connection-banner">
      <FormattedMessage id="live.reconnecting" />
    </div>
  ) : null;
}

/** True while quotes on screen may be old. */
export const useStale = () => useSelector(socketActor(), (s) => !s.matches({ connected: 'live' }));
