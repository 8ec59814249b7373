import { fromCallback } from 'xstate';
import type { PageSignal } from '../../../machines/root';

/** The browser's word that the network is back or the page is visible again: time to reconnect. */
export const pageSignals = fromCallback<PageSignal>(({ sendBack }) => {
  const online = () => sendBack({ type: 'NETWORK.ONLINE' });
  const visible = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'PAGE.VISIBLE' });
  };
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('online', online);
    document.removeEventListener('visibilitychange', visible);
  };
});
