/**
 * A control disabled while it works (Save, Submit, Bind) drops the keyboard's focus to the page, and
 * a keyboard or screen-reader user loses their place. Once it is enabled again the focus goes back
 * to it, unless the person went elsewhere meanwhile.
 */
export function keepFocusThroughDisabling(): void {
  let focused: Element | null = null;
  let held: (Element & { disabled?: boolean; focus(): void }) | null = null;
  document.addEventListener('focusin', (event) => {
    focused = event.target as Element;
    held = null;
  });
  new MutationObserver((records) => {
    for (const { target } of records) {
      const control = target as Element & { disabled?: boolean; focus(): void };
      if (control === focused && control.disabled) held = control;
      else if (control === held && !control.disabled) {
        held = null;
        const away = document.activeElement !== null && document.activeElement !== document.body;
        if (!away && control.isConnected) control.focus();
      }
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
}
