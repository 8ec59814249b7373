import { useEffect } from 'react';

/** The product's name, as index.html titles the page before any screen names itself. */
const PRODUCT = document.title;

/** The first screen is read with the page; a later one is announced by its title, as a page load would be. */
let arrived = false;

/** The tab and a screen reader name the screen, not only the product (WCAG 2.4.2). */
export function useScreenTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
    const announcer = document.getElementById('announcer');
    if (title && announcer) {
      if (arrived) announcer.textContent = document.title;
      arrived = true;
    }
    return () => {
      document.title = PRODUCT;
    };
  }, [title]);
}
