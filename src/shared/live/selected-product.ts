import { listeners } from '../flow/listeners';

/** The product chosen on `/` (or in the picker) that `/trade` shows; remembered across visits. */
const KEY = 'td.product';
let selected: number | undefined;
const { subscribe, tell } = listeners();

export const selectedProduct = {
  get(): number | undefined {
    if (selected === undefined) {
      const stored = Number(globalThis.localStorage?.getItem(KEY));
      selected = Number.isInteger(stored) && stored > 0 ? stored : undefined;
    }
    return selected;
  },
  set(id: number) {
    selected = id;
    try {
      localStorage.setItem(KEY, String(id));
    } catch {
      // storage unavailable: kept for this visit only
    }
    tell();
  },
  subscribe,
};
