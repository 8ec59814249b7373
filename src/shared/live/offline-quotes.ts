import { z } from 'zod/mini';
import { category, product, type Category, type Product } from '../../../contract/market';
import { quoteStore } from './quote-store';
import { listeners } from '../flow/listeners';

/**
 * The last quotes list, kept on the phone so that a visit without a network still opens on prices,
 * marked with their time. Written when prices change, at most once per SAVE_EVERY_MS.
 */
const KEY = 'td.lastQuotes';
const SAVE_EVERY_MS = 5000;

const kept = z.object({ asOf: z.number(), categories: z.array(category), products: z.array(product) });
export type KeptQuotes = z.infer<typeof kept>;

/** Whether the list on screen is the kept one, and of when: undefined while it is the server's. */
let shownAsOf: number | undefined;
const { subscribe, tell } = listeners();
const setShownAsOf = (asOf: number | undefined) => {
  if (asOf === shownAsOf) return;
  shownAsOf = asOf;
  tell();
};

export const offlineQuotes = {
  /** When the prices on screen were last live, if they come from the phone rather than the server. */
  shownAsOf: () => shownAsOf,
  subscribe,
};

let current: { categories: Category[]; products: Product[]; asOf: number } | undefined;
let unsubscribe: (() => void) | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function read(): KeptQuotes | undefined {
  try {
    const parsed = kept.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The list with each row's newest price, as the screen showed it. */
function save() {
  timer = undefined;
  if (!current) return;
  const products = current.products.map((p) => {
    const live = quoteStore.get(p.Code);
    if (!live) return p;
    return { ...p, ForexQuotations: { Open: live.open, Close: live.close, High: live.high, Low: live.low, Change: live.change, Volume: live.volume, Ask: live.ask } };
  });
  try {
    localStorage.setItem(KEY, JSON.stringify({ asOf: current.asOf, categories: current.categories, products } satisfies KeptQuotes));
  } catch {
    // Private mode or full storage: nothing kept, nothing else lost.
  }
}

function changed() {
  if (current) current.asOf = Date.now();
  timer ??= setTimeout(save, SAVE_EVERY_MS);
}

/** The server's list arrived: it is what the screen shows, and what is kept from now on. */
export function keepQuotes(categories: Category[], products: Product[]): void {
  unsubscribe?.();
  current = { categories, products, asOf: Date.now() };
  const stops = products.map((p) => quoteStore.subscribe(p.Code, changed));
  unsubscribe = () => stops.forEach((stop) => stop());
  setShownAsOf(undefined);
  if (timer) clearTimeout(timer);
  save();
}

/** The list kept by an earlier visit, now on screen in place of the server's; undefined if none. */
export function keptQuotes(): KeptQuotes | undefined {
  const last = read();
  if (last) setShownAsOf(last.asOf);
  return last;
}

/** Whether a kept list could stand in for the server's. */
export const hasKeptQuotes = (): boolean => read() !== undefined;
