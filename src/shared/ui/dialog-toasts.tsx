import { useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

/**
 * The toasts again, for screen readers, inside a modal dialog: while one is open everything outside
 * it is inert, the page's toast region too (it is drawn above the dialog, but not read). Without it a
 * refused stop-loss or "Order closed" was shown and never said.
 */
export function DialogToasts() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get);
  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {toasts.map((t) => <div key={t.id}>{t.text}</div>)}
    </div>
  );
}
