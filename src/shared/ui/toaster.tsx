import { useEffect, useRef, useSyncExternalStore } from 'react';
import { loading } from '../api/loading';
import { toastStore } from './toast-store';

/** The toasts' region, once the app shows it. */
let region: HTMLDivElement | null = null;

/**
 * An open dialog (an order's detail) is drawn in the browser's top layer, above any z-index, in the
 * order things were shown there: the toasts go there too, shown again after each new toast and each
 * dialog opened (modal-dialog.ts), so they stay above the newest. Without it, "Stop-loss saved" or a
 * refused close was told behind the popup, unseen.
 */
export function raiseToasts() {
  if (!region?.showPopover) return;
  if (region.matches(':popover-open')) region.hidePopover();
  region.showPopover();
}

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region = ref.current;
    raiseToasts();
  }, [toasts]);
  return (
    <div ref={ref} popover="manual" className="toasts" role="status" aria-live="polite">
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
