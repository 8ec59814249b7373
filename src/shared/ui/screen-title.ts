import { useEffect } from 'react';

/** The product's name, as index.html titles the page before any screen names itself. */
const PRODUCT = document.title;

/** The tab and a screen reader name the screen, not only the product (WCAG 2.4.2). */
export function useScreenTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
    return () => {
      document.title = PRODUCT;
    };
  }, [title]);
}
