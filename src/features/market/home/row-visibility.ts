type Listener = (visible: boolean) => void;

const listeners = new Map<Element, Listener>();
let observer: IntersectionObserver | undefined;

/**
 * Whether an element is in (or beside) the view, at once and on every change; one observer for
 * every row, cheaper per frame than one each, and one listener per element (a row and its
 * sparkline watch two elements). The rows' `content-visibility: auto` keeps two or three of a
 * phone's screens rendered, far more than it shows.
 */
export function watchInView(el: Element, onChange: Listener): () => void {
  observer ??= new IntersectionObserver((entries) => entries.forEach((e) => listeners.get(e.target)?.(e.isIntersecting)), { rootMargin: '25% 0px' });
  listeners.set(el, onChange);
  observer.observe(el);
  return () => {
    listeners.delete(el);
    observer!.unobserve(el);
  };
}
