import { useSyncExternalStore } from 'react';
import type { PauseScope } from '../../../contract/account';
import { pauseStore } from '../pause/pause-store';

/** Staff's message while `scope` is paused; the server refuses the call anyway, this says why first. */
export function PauseBanner({ scope }: { scope: PauseScope }) {
  const message = useSyncExternalStore(pauseStore.subscribe, () => pauseStore.get()[scope]);
  // The connection banner's colours, in the flow of the screen rather than stuck to its top.
  return message ? <div className="conn-banner" style={{ position: 'static', borderRadius: 8 }} role="status" data-testid={`pause-${scope}`}>{message}</div> : null;
}
