import { listeners } from '../flow/listeners';
/** Short messages at the bottom of the screen; outside React so any module can raise one. */
export interface Toast {
  id: number;
  text: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const { subscribe, tell } = listeners();

export const TOAST_MS = 2500;

export const toastStore = {
  /** The same words already showing (calls refused together, say) show once, for the full time again. */
  show(text: string) {
    const toast = { id: nextId++, text };
    toasts = [...toasts.filter((t) => t.text !== text).slice(-2), toast];
    tell();
    setTimeout(() => toastStore.dismiss(toast.id), TOAST_MS);
  },
  dismiss(id: number) {
    toasts = toasts.filter((t) => t.id !== id);
    tell();
  },
  get: () => toasts,
  subscribe,
};
