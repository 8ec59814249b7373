/**
 * Where the keyboard's focus goes when what held it leaves the page: a decided request's row, a
 * closed dialog or form. Without this the focus falls to the page, and the next Tab starts again at
 * the menu, fifteen links away from the queue.
 */

/** What had the focus outside a dialog or an open form: after one, the place is what opened it. */
type Place = { control: HTMLElement; rows: Element | null; index: number };

const FOCUSABLE = 'button:not(:disabled), a[href], select:not(:disabled), input:not(:disabled), textarea:not(:disabled)';

/** The control in a removed one's place: the row that took its row's place, else the screen's heading. */
function replacement({ rows, index }: Place): HTMLElement | null {
  if (rows?.isConnected && rows.children.length > 0) {
    const control = rows.children[Math.min(index, rows.children.length - 1)]!.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) heading.tabIndex = -1;
  return heading;
}

/** Started once for the page. */
export function keepFocusInPlace(): void {
  let focused: HTMLElement | undefined;
  let place: Place | undefined;
  document.addEventListener('focusin', (event) => {
    focused = event.target as HTMLElement;
    if (focused.closest('dialog, .editor')) return;
    const row = focused.closest('tr');
    place = { control: focused, rows: row?.parentElement ?? null, index: row ? Array.prototype.indexOf.call(row.parentElement!.children, row) : -1 };
  });
  new MutationObserver(() => {
    const nowhere = document.activeElement === null || document.activeElement === document.body;
    if (!focused || focused.isConnected || !nowhere || !place || document.querySelector('dialog[open]')) return;
    const back = place.control.isConnected ? (place.control.matches(FOCUSABLE) ? place.control : null) : replacement(place);
    back?.focus();
  }).observe(document.body, { subtree: true, childList: true });
}
