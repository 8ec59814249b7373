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
    <div className="visually-hidden dialog-toasts" role="status" aria-live="polite">
      {/* The words are drawn by CSS (`content: attr(data-text)`): read out, but no second copy of the
          toast's text in the page, where finding "Order closed" by its words must find one element. */}
      {toasts.map((t) => <div key={t.id} data-text={t.text} />)}
    </div>
  );
}
