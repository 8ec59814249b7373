import type { DayMarketFrame } from '../../../contract/socket';

export type Quotation = DayMarketFrame['quotation'];

export interface LiveQuotation extends Quotation {
  /** Direction of the last change, shown by the price's colour. */
  tick: 'up' | 'down' | 'flat';
}

type Listener = () => void;

/**
 * Live quotations per symbol, outside React. A row subscribes to its own symbol only, and
 * listeners hear at most once per animation frame however many ticks arrived.
 */
class QuoteStore {
  private readonly quotes = new Map<string, LiveQuotation>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly dirty = new Set<string>();
  private scheduled = false;

  get(symbol: string): LiveQuotation | undefined {
    return this.quotes.get(symbol);
  }

  /** A quotation from the server (a tick, or the list snapshot). */
  put(symbol: string, quotation: Quotation): void {
    const before = this.quotes.get(symbol);
    const tick = !before || quotation.close === before.close ? (before?.tick ?? 'flat') : quotation.close > before.close ? 'up' : 'down';
    this.quotes.set(symbol, { ...quotation, tick });
    this.dirty.add(symbol);
    this.schedule();
  }

  subscribe(symbol: string, listener: Listener): () => void {
    let set = this.listeners.get(symbol);
    if (!set) this.listeners.set(symbol, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const flush = () => {
      this.scheduled = false;
      const symbols = [...this.dirty];
      this.dirty.clear();
      for (const symbol of symbols) this.listeners.get(symbol)?.forEach((l) => l());
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    else setTimeout(flush, 16);
  }
}

export const quoteStore = new QuoteStore();
