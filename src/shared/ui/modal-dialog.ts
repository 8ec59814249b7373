import { useEffect, useRef } from 'react';
import { raiseToasts } from './toaster';

/**
 * Where the focus goes back when a dialog closes: to what had it before the first of a chain of
 * dialogs opened (a position's row, not the detail's button that opened the close question).
 * The browser's own return fails in such a chain, and the focus fell to the page.
 */
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();
/** When each dialog was last shown (performance.now(), the clock of an event's timeStamp). */
const shownAt = new WeakMap<HTMLDialogElement, number>();

/**
 * A tap on the backdrop this soon after the dialog showed is the end of the tap that opened it
 * (a double tap on the button of the dialog before): it must not close this one at once, and with
 * it the result the trader was about to read.
 */
const SETTLING_MS = 600;

/** Whether a tap on `dialog`'s backdrop should close it. */
export const backdropCloses = (dialog: HTMLDialogElement, timeStamp: number) => timeStamp - (shownAt.get(dialog) ?? 0) > SETTLING_MS;

function rememberOpener(dialog: HTMLDialogElement) {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
  const from = active?.closest('dialog');
  const opener = (from && openers.get(from)) || active;
  if (!opener) return;
  openers.set(dialog, opener);
  if (!ancestors.has(opener)) ancestors.set(opener, ancestorsOf(opener));
}

/** Where an opener stood, nearest first, read while it is there. */
const ancestors = new WeakMap<HTMLElement, HTMLElement[]>();
function ancestorsOf(element: HTMLElement): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) found.push(up);
  return found;
}

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * After `dialog` closed: back to its opener, unless another dialog is open or the focus went
 * somewhere. An opener the dialog's action removed (a closed position's row) hands the focus to the
 * first control of its nearest ancestor still there (the next row, or the screen's tabs).
 */
function returnFocus(dialog: HTMLDialogElement) {
  const opener = openers.get(dialog);
  const active = document.activeElement;
  const lost = !active || active === document.body || dialog.contains(active);
  if (!opener || !lost || document.querySelector('dialog[open]')) return;
  if (opener.isConnected) return opener.focus();
  for (const place of ancestors.get(opener) ?? []) {
    const next = place.isConnected ? place.querySelector<HTMLElement>(FOCUSABLE) : null;
    if (next) return next.focus();
  }
}

/**
 * A native <dialog>, shown modal while `open` (a flag a machine owns) and closed when it is not,
 * giving the focus back to its opener. `focusSelf`: the dialog takes the focus, not its first
 * control (an input would open a phone's keyboard at once).
 */
export function useModalDialog(open: boolean, { focusSelf = false } = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      rememberOpener(dialog);
      dialog.showModal();
      shownAt.set(dialog, performance.now());
      raiseToasts();
      if (focusSelf) dialog.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(dialog);
    }
  }, [open, focusSelf]);
  return ref;
}
