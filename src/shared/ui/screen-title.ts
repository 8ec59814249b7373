import { useEffect } from 'react';

/** The product's name, as index.html titles the page before any screen names itself. */
const PRODUCT = document.title;

/** The path of the screen that last took the focus; the first screen is read with the page. */
let focusedPath = location.pathname;

/**
 * The tab and a screen reader name the screen, not only the product (WCAG 2.4.2). A screen reached
 * in the app is read from its heading, as after a page load: the focus moves there, unless the
 * screen put it somewhere itself (a search field's autofocus).
 */
export function useScreenTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
    if (title && location.pathname !== focusedPath) {
      focusedPath = location.pathname;
      const main = document.querySelector('main');
      const heading = main?.querySelector('h1');
      if (heading && !main!.contains(document.activeElement)) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    }
    return () => {
      document.title = PRODUCT;
    };
  }, [title]);
}
