const listeners = new Set<() => void>();

/** An instrument opened or closed (the socket's MARKET_STATUS): whoever keeps the products' status hears it. */
export const marketStatusFeed = {
  changed: () => listeners.forEach((listener) => listener()),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
