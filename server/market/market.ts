import type { Candle, Category, Period, Product } from '../../contract/market';
import type { Language } from '../../contract/fields';
import type { Instrument } from './catalogue';
import { newYorkOffset } from './sessions';

export type { Instrument } from './catalogue';
export { newYorkOffset } from './sessions';
export { catalogueSettings, editProduct, productSettingsOf, saveCategory } from './product-edit';

/** "YYYY-MM-DD HH:mm:ss" on the market's clock (New York), like the chart's times: every time on the wire. */
export function wireTime(date: Date | null): string {
  if (!date) return '';
  const ts = date.getTime();
  return new Date(ts + newYorkOffset(ts)).toISOString().slice(0, 19).replace('T', ' ');
}

/** Today's figures of an instrument (the trading day starts 17:00 New York). */
export interface DayQuotation {
  open: number;
  high: number;
  low: number;
  /** The last bid. */
  close: number;
  /** Percent against the previous trading day's close, 2 decimals. */
  change: number;
  volume: number;
}

export interface LiveQuote {
  bid: number;
  ask: number;
  /** Epoch ms of the tick. */
  time: number;
  /** Inside the instrument's trading session (and, for replays, not closed by the file). */
  open: boolean;
}

/** What the market tells its listeners (the socket hub, and later the trading engine). */
export type MarketEvent =
  | { type: 'quote'; code: string; quote: LiveQuote; day: DayQuotation }
  | { type: 'candle'; code: string; candle: Candle }
  | { type: 'status'; code: string; open: boolean }
  /** Staff changed the catalogue here (other nodes read it again). */
  | { type: 'catalogue' };

/** The market as the rest of the server sees it, whatever the feed behind it. */
export interface Market {
  categories(lang: Language): Category[];
  /** Every product with its live status and today's quotation; `search` filters by code, shown name or common name. */
  products(search?: string): Product[];
  product(id: number): Product | undefined;
  productByCode(code: string): Product | undefined;
  /** Everything known of an instrument: contract size, quote currency, sessions. */
  instrument(code: string): Instrument | undefined;
  quote(code: string): LiveQuote | undefined;
  /** Oldest first, ending at `before` (exclusive, epoch ms) or now, at most `limit`. */
  candles(productId: number, period: Period, options?: { before?: number; limit?: number }): Promise<Candle[]>;
  /** The short cached series of a home-row sparkline. */
  sparkline(productId: number, period: Period): Promise<Candle[]>;
  subscribe(listener: (event: MarketEvent) => void): () => void;
  /** Reads the catalogue again (after a staff edit): the next quote list, ticket and order use it. */
  reloadCatalogue(options?: { announce?: boolean }): Promise<void>;
  stop(): Promise<void>;
}
