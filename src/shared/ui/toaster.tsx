import { useSyncExternalStore } from 'react';
import { loading } from '../api/loading';
import { toastStore } from './toast-store';

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className="toast">{t.text}</div>
      ))}
    </div>
  );
}

/** The loading indicator of calls that ask for it; it closes on the answer (spec section 8). */
export function LoadingVeil() {
  const active = useSyncExternalStore(loading.subscribe, loading.active);
  return active ? (
    <div className="loading-veil" aria-busy="true">
      <div className="spinner" />
    </div>
  ) : null;
}
