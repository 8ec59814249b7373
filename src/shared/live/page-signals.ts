import { fromCallback } from 'xstate';
import type { PageSignal } from '../../../machines/root';

/** The browser's word that the network is gone (prices stop being live), back, or the page visible again (time to reconnect). */
export const pageSignals = fromCallback<PageSignal>(({ sendBack }) => {
  const online = () => sendBack({ type: 'NETWORK.ONLINE' });
  const offline = () => sendBack({ type: 'NETWORK.OFFLINE' });
  const visible = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'PAGE.VISIBLE' });
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    document.removeEventListener('visibilitychange', visible);
  };
});
