/** Short messages at the bottom of the screen; outside React so any module can raise one. */
export interface Toast {
  id: number;
  text: string;
}

type Listener = () => void;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const TOAST_MS = 2500;

export const toastStore = {
  /** The same words already showing (calls refused together, say) show once, for the full time again. */
  show(text: string) {
    const toast = { id: nextId++, text };
    toasts = [...toasts.filter((t) => t.text !== text).slice(-2), toast];
    emit();
    setTimeout(() => toastStore.dismiss(toast.id), TOAST_MS);
  },
  dismiss(id: number) {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
  get: () => toasts,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
