/**
 * Who listens to one of our small stores outside React (the toasts, the theme, a feed): `subscribe`
 * as useSyncExternalStore takes it, and `tell` every listener of a change.
 */
export function listeners<A extends unknown[] = []>() {
  const all = new Set<(...args: A) => void>();
  return {
    subscribe(listener: (...args: A) => void): () => void {
      all.add(listener);
      return () => void all.delete(listener);
    },
    tell: (...args: A) => all.forEach((listener) => listener(...args)),
  };
}
