import { setImmediate as nextTurn } from 'node:timers/promises';
import { MARKET_STATUS, PERIODS, type Candle, type Category, type Period, type Product } from '../../contract/market';
import type { Language } from '../../contract/fields';
import type { Db } from '../platform/store/open';
import type { Fence } from '../platform/store/fence';
import { bucketStart, periodIndex } from './buckets';
import type { Instrument } from './catalogue';
import type { Feed, FeedSink } from './feed';
import type { HistoryStep } from './history';
import type { DayQuotation, LiveQuote, Market, MarketEvent } from './market';
import { loadCatalogue, loadQuotes, loadRecentBars, readBars, writeBars, writeQuotes, type Bar, type CategoryRow, type StoredQuote } from './persist';
import { roundTo } from './random';

/** Candles of the home-row sparkline: 60 of the asked period (15 hours of the client's 15min). */
export const SPARKLINE_POINTS = 60;
/** How long a sparkline series is served from memory. */
export const SPARKLINE_TTL_MS = 5_000;
/** Open candles and quotes are written at most this often (and on stop). */
export const FLUSH_MS = 1_000;
/** Candles written per fenced transaction (a first start back-fills tens of thousands). */
const FENCED_BARS = 2_000;
/**
 * The pump sleeps at least this long between runs. A tick goes out within it of its due time: the
 * 20 ms this used to be batched ticks, but made every quote up to 20 ms late before any client saw it.
 */
const PUMP_FLOOR_MS = 2;
/**
 * Candles per statement of an unfenced flush, with a turn of the event loop between statements. The
 * embedded store runs each statement on the server's own thread: a second's 174 candles in one
 * statement held the loop 4 to 11 ms, and every tick due meanwhile waited that long.
 */
const FLUSH_BARS = 30;
/** Flush periods of candles a follower keeps, in case the leader dies before writing them. */
const FOLLOWER_KEEPS = 3;
export const KLINE_LIMIT = { default: 500, max: 1000 } as const;

export interface MarketOptions {
  db: Db;
  feed: Feed;
  /** The clock (epoch ms); tests drive it by hand. */
  now?: () => number;
  /** Drive the feed and the flushes with timers (default). Off: call `advance` and `flush` yourself. */
  timers?: boolean;
  log?: (message: string) => void;
  /**
   * Among several nodes, every node but the active engine's follows: it runs no feed and writes
   * nothing, and folds the ticks the leader relays (`tick`, `status`, `history`) into its own state.
   * `lead` makes it the source; `follow` makes it a follower again.
   */
  follow?: boolean;
}

interface Entry {
  inst: Instrument;
  /** What the feed says (the sessions); staff's `marketStatus` may override it, see `isOpen`. */
  open: boolean;
  quote: LiveQuote | undefined;
  /** The newest candle of each period (the open one). */
  bars: Partial<Record<Period, Bar>>;
  /** Close of the trading day before the current daily candle. */
  prevDayClose: number | undefined;
  quoteDirty: boolean;
}

/** Open for trading: staff's override when set (1 open, 2 closed), else the feed's status. */
const isOpen = (e: Entry) => (e.inst.marketStatus === MARKET_STATUS.open ? true : e.inst.marketStatus === MARKET_STATUS.closed ? false : e.open);

/** What traders call an instrument besides its code and shown name ("gold" for XAU/USD). */
const COMMON_NAMES: Record<string, string> = {
  XAUUSD: 'gold', XAGUSD: 'silver', XPTUSD: 'platinum', USOIL: 'oil', UKOIL: 'oil', NGAS: 'gas',
  BTCUSD: 'bitcoin', ETHUSD: 'ethereum', SOLUSD: 'solana', XRPUSD: 'ripple', LTCUSD: 'litecoin',
};
/** Letters and digits only, in capitals: "eur/usd" finds EURUSD. */
const searchable = (text: string) => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
const matches = (inst: { code: string; showCode: string }, needle: string) =>
  [inst.code, inst.showCode, COMMON_NAMES[inst.code] ?? ''].some((name) => searchable(name).includes(needle));

const barKey = (b: Bar) => `${b.productId}:${b.period}:${b.time}`;
const toCandle = (b: Bar): Candle => ({ Time: b.time, Open: b.open, High: b.high, Low: b.low, Close: b.close, Volume: b.volume, Period: b.period });

/**
 * The market in memory: per instrument its quote, open status, the open candle of every period and
 * yesterday's close; a feed pushes ticks in, listeners get events out. Candles reach the store in
 * batches: whatever changed since the last flush, at most once a second, and on stop. Readers merge
 * the store with what is not written yet, so a chart never misses the newest candle.
 */
export class LiveMarket implements Market, FeedSink {
  private readonly entries: Entry[];
  private readonly byId: Map<number, Entry>;
  private readonly byCode: Map<string, Entry>;
  private readonly listeners = new Set<(event: MarketEvent) => void>();
  private pending = new Map<string, Bar>();
  private inFlight: Bar[] = [];
  /** A follower's candles changed in each of its last flush periods, newest first. */
  private recent: Bar[][] = [];
  private flushing: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private pumpTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private leading: boolean;
  /** Where a leader passes on every tick it applies (the bus, for the followers). */
  private relay: FeedSink | undefined;
  /** Given with the lead: candle and quote writes check it, so a leader that lost its lead writes nothing. */
  private fence: Fence | undefined;
  private readonly sparklines = new Map<string, { at: number; candles: Candle[] }>();
  private readonly db: Db;
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  /** What the start cost: candles written before the first tick and how long that took. */
  readonly startup = { backfilledCandles: 0, ms: 0 };

  private constructor(
    private readonly feed: Feed,
    private categoryRows: CategoryRow[],
    instruments: Instrument[],
    private readonly options: MarketOptions,
  ) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
    this.leading = !options.follow;
    this.entries = instruments.map((inst) => ({ inst, open: false, quote: undefined, bars: {}, prevDayClose: undefined, quoteDirty: false }));
    this.byId = new Map(this.entries.map((e) => [e.inst.id, e]));
    this.byCode = new Map(this.entries.map((e) => [e.inst.code.toUpperCase(), e]));
  }

  /** Loads the catalogue and the stored state, lets the feed back-fill, writes that, and starts. */
  static async open(options: MarketOptions): Promise<LiveMarket> {
    const started = performance.now();
    const { categories, instruments } = await loadCatalogue(options.db);
    const market = new LiveMarket(options.feed, categories, instruments, options);
    await market.restore();
    if (market.leading) await market.prepareFeed();
    market.startup.ms = Math.round(performance.now() - started);
    market.log(
      `market: ${market.leading ? options.feed.kind : 'following'} feed, ${instruments.length} products, ${market.startup.backfilledCandles} candles back-filled, ready in ${market.startup.ms} ms`,
    );
    if (options.timers !== false) {
      market.flushTimer = setInterval(() => void market.flush().catch((e: Error) => market.log(`market flush failed: ${e.message}`)), FLUSH_MS);
      market.flushTimer.unref();
      if (market.leading) market.pump();
    }
    return market;
  }

  /** The feed continues from the newest quotes this market knows (stored, or relayed to a follower) and back-fills up to now. */
  private async prepareFeed(): Promise<void> {
    await this.feed.prepare(this, this.entries.map((e) => ({
      inst: e.inst,
      last: e.quote ? { bid: e.quote.bid, time: e.quote.time } : undefined,
    })), this.now());
    this.startup.backfilledCandles = this.pending.size;
    await this.flush();
  }

  /**
   * A follower becomes the source: it writes what the old leader may not have written yet (the
   * candles of the last seconds, folded from its ticks), then its own feed continues from the last
   * relayed quote, so candles go on with no gap and no duplicate. `relay` gets every tick from now on.
   */
  async lead(relay: FeedSink, fence: Fence): Promise<void> {
    if (this.leading || this.stopped) return;
    this.fence = fence;
    for (const bar of this.inFlight) if (!this.pending.has(barKey(bar))) this.pending.set(barKey(bar), bar);
    this.inFlight = [];
    this.recent = [];
    for (const entry of this.entries) {
      for (const bar of Object.values(entry.bars)) if (bar) this.pending.set(barKey(bar), bar);
      if (entry.quote) entry.quoteDirty = true;
    }
    this.leading = true;
    this.relay = relay;
    await this.prepareFeed();
    this.feed.begin(this.now());
    if (this.options.timers !== false) this.pump();
  }

  /**
   * Passes every instrument's feed status on to the followers. A status is relayed when it changes;
   * a node that started later than that change learns it from this, which its leader sends every
   * few seconds.
   */
  relayStatuses(): void {
    const now = this.now();
    for (const entry of this.entries) this.relay?.status(entry.inst, entry.open, now);
  }

  /** The lead went elsewhere: stop the feed and the writes, and fold the new leader's ticks. */
  follow(): void {
    this.leading = false;
    this.relay = undefined;
    this.fence = undefined;
    clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
  }

  private async restore(): Promise<void> {
    // The newest two of each product and period: the open candle and (for days) yesterday.
    for (const bar of await loadRecentBars(this.db)) {
      const entry = this.byId.get(bar.productId);
      if (!entry) continue;
      const current = entry.bars[bar.period];
      if (!current || bar.time > current.time) {
        if (current && bar.period === '1day') entry.prevDayClose = current.close;
        entry.bars[bar.period] = bar;
      } else if (bar.period === '1day') {
        entry.prevDayClose = bar.close;
      }
    }
    // A replay starts from its file: no quote until its first line.
    const quotes = this.feed.kind === 'replay' ? [] : await loadQuotes(this.db);
    for (const q of quotes) {
      const entry = this.byId.get(q.productId);
      if (entry) entry.quote = { bid: q.bid, ask: q.ask, time: q.time, open: isOpen(entry) };
    }
    for (const entry of this.entries) {
      const minute = entry.bars['1min'];
      if (!entry.quote && minute && this.feed.kind !== 'replay') {
        const bid = minute.close;
        entry.quote = { bid, ask: roundTo(bid + entry.inst.spread, entry.inst.pricePrecision), time: minute.time, open: isOpen(entry) };
      }
    }
  }

  /** The server listens: a replay's clock starts now. */
  begin(): void {
    this.feed.begin(this.now());
    if (this.pumpTimer) {
      clearTimeout(this.pumpTimer);
      this.pump();
    }
  }

  /** Lets the feed deliver everything due up to `to` (default: now). */
  advance(to: number = this.now()): void {
    if (!this.stopped) this.feed.advance(this, to);
  }

  private pump = (): void => {
    if (this.stopped || !this.leading) return;
    this.advance();
    const wait = Math.min(1000, Math.max(PUMP_FLOOR_MS, this.feed.nextDue() - this.now()));
    this.pumpTimer = setTimeout(this.pump, wait);
    this.pumpTimer.unref();
  };

  /** Writes every changed candle and quote; one write at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.leading) return this.keepUnwritten();
    const quotes = this.entries
      .filter((e) => e.quoteDirty && e.quote)
      .map((e) => ({ productId: e.inst.id, bid: e.quote!.bid, ask: e.quote!.ask, time: e.quote!.time }));
    if (this.pending.size === 0 && quotes.length === 0) return;
    this.entries.forEach((e) => (e.quoteDirty = false));
    const bars = [...this.pending.values()].map((b) => ({ ...b }));
    this.pending = new Map();
    this.inFlight = bars;
    this.flushing = (async () => {
      try {
        await this.write(bars, quotes);
      } catch (error) {
        // Keep what failed for the next flush, unless a newer version is already waiting.
        for (const bar of bars) if (!this.pending.has(barKey(bar))) this.pending.set(barKey(bar), bar);
        for (const q of quotes) {
          const entry = this.byId.get(q.productId);
          if (entry) entry.quoteDirty = true;
        }
        throw error;
      } finally {
        this.inFlight = [];
        this.flushing = undefined;
      }
    })();
    await this.flushing;
  }

  /** The writes of a flush, fenced when the market belongs to a leadership. */
  private async write(bars: Bar[], quotes: StoredQuote[]): Promise<void> {
    const fence = this.fence;
    if (!fence) {
      for (let i = 0; i < bars.length; i += FLUSH_BARS) {
        await writeBars(this.db, bars.slice(i, i + FLUSH_BARS));
        await nextTurn();
      }
      await writeQuotes(this.db, quotes);
      return;
    }
    // In short transactions: each holds the leadership row shared, and a lease renewal waits for it.
    for (let i = 0; i === 0 || i < bars.length; i += FENCED_BARS) {
      const last = i + FENCED_BARS >= bars.length;
      await this.db.transaction(async (tx) => {
        await fence.check(tx);
        await writeBars(tx as unknown as Db, bars.slice(i, i + FENCED_BARS));
        if (last) await writeQuotes(tx as unknown as Db, quotes);
      });
    }
  }

  /**
   * A follower writes nothing, but keeps the candles changed in the last few flush periods: the
   * leader writes within one, so if it dies these are what it may not have written (see `lead`).
   */
  private keepUnwritten(): void {
    this.recent = [[...this.pending.values()], ...this.recent].slice(0, FOLLOWER_KEEPS);
    this.inFlight = this.recent.flat();
    this.pending = new Map();
    this.entries.forEach((e) => (e.quoteDirty = false));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.flushTimer);
    clearTimeout(this.pumpTimer);
    await this.flush();
    this.listeners.clear();
  }

  // FeedSink

  tick(inst: Instrument, bid: number, ask: number, time: number, trade = true): void {
    const entry = this.byId.get(inst.id);
    // A product staff hold closed takes no prices, as a closed session brings none: its quote stays
    // where the hold found it, with the positions valued at it, rather than move where none can trade.
    if (!entry || this.stopped || inst.marketStatus === MARKET_STATUS.closed) return;
    entry.quote = { bid, ask, time, open: isOpen(entry) };
    entry.quoteDirty = true;
    if (trade) {
      const changed = this.fold(entry, 0, time, bid, bid, bid, bid, 1);
      for (const bar of changed) this.emit({ type: 'candle', code: inst.code, candle: toCandle(bar) });
    }
    this.emit({ type: 'quote', code: inst.code, quote: entry.quote, day: this.day(entry) });
    this.relay?.tick(inst, bid, ask, time, trade);
  }

  status(inst: Instrument, open: boolean, time: number): void {
    const entry = this.byId.get(inst.id);
    if (!entry || entry.open === open) return;
    const was = isOpen(entry);
    entry.open = open;
    this.statusChanged(entry, was);
    this.relay?.status(inst, open, time);
  }

  /** Tells listeners when the effective status moved (the feed's, or staff's override). */
  private statusChanged(entry: Entry, was: boolean): void {
    const open = isOpen(entry);
    if (open === was) return;
    if (entry.quote) entry.quote = { ...entry.quote, open };
    this.emit({ type: 'status', code: entry.inst.code, open });
  }

  /**
   * Reads the catalogue again after staff edited it: each instrument is updated in place, so the
   * feed and the engine, which hold it, quote and trade with the new figures from the next call,
   * and every product whose status or terms changed is announced to the screens.
   */
  async reloadCatalogue({ announce = true }: { announce?: boolean } = {}): Promise<void> {
    const { categories, instruments } = await loadCatalogue(this.db);
    this.categoryRows = categories;
    for (const fresh of instruments) {
      const entry = this.byId.get(fresh.id);
      if (!entry) continue;
      const was = isOpen(entry);
      const terms = JSON.stringify(entry.inst);
      Object.assign(entry.inst, fresh);
      if (isOpen(entry) !== was) this.statusChanged(entry, was);
      // Same status, new terms (leverages, lots, fee...): said as a status all the same, so a ticket
      // left open reads the product again rather than offer the old rules until the trader leaves.
      else if (JSON.stringify(entry.inst) !== terms) this.emit({ type: 'status', code: entry.inst.code, open: was });
    }
    if (announce) this.emit({ type: 'catalogue' });
  }

  history(inst: Instrument, steps: HistoryStep[]): void {
    const entry = this.byId.get(inst.id);
    const last = steps.at(-1);
    if (!entry || !last) return;
    this.relay?.history(inst, steps);
    for (const s of steps) this.fold(entry, periodIndex(s.period), s.start, s.open, s.high, s.low, s.close, s.volume);
    entry.quote = { bid: last.close, ask: roundTo(last.close + inst.spread, inst.pricePrecision), time: last.end, open: isOpen(entry) };
    entry.quoteDirty = true;
    if (this.listeners.size === 0) return;
    for (const period of PERIODS) {
      const bar = entry.bars[period];
      if (bar) this.emit({ type: 'candle', code: inst.code, candle: toCandle(bar) });
    }
    this.emit({ type: 'quote', code: inst.code, quote: entry.quote, day: this.day(entry) });
  }

  /** Folds a price move into the open candle of each period from `from` up; answers the candles it touched. */
  private fold(entry: Entry, from: number, time: number, open: number, high: number, low: number, close: number, volume: number): Bar[] {
    const changed: Bar[] = [];
    for (let i = from; i < PERIODS.length; i++) {
      const period = PERIODS[i]!;
      const start = bucketStart(time, period);
      let bar = entry.bars[period];
      if (bar && start < bar.time) continue; // a late tick: that candle is history
      if (!bar || start > bar.time) {
        if (period === '1day' && bar) entry.prevDayClose = bar.close;
        bar = { productId: entry.inst.id, period, time: start, open, high, low, close, volume };
        entry.bars[period] = bar;
      } else {
        if (high > bar.high) bar.high = high;
        if (low < bar.low) bar.low = low;
        bar.close = close;
        bar.volume += volume;
      }
      this.pending.set(barKey(bar), bar);
      changed.push(bar);
    }
    return changed;
  }

  private emit(event: MarketEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log(`market listener failed: ${(error as Error).message}`);
      }
    }
  }

  /** Today's figures: the open daily candle, closed by the last bid. */
  private day(entry: Entry): DayQuotation {
    const today = entry.bars['1day'];
    const close = entry.quote?.bid ?? today?.close ?? entry.inst.startPrice;
    if (!today) return { open: close, high: close, low: close, close, change: 0, volume: 0 };
    const prev = entry.prevDayClose;
    const change = prev ? roundTo(((close - prev) / prev) * 100, 2) || 0 : 0;
    return {
      open: today.open,
      high: Math.max(today.high, close),
      low: Math.min(today.low, close),
      close,
      change,
      volume: today.volume,
    };
  }

  private productOf(entry: Entry): Product {
    const { inst } = entry;
    const day = this.day(entry);
    return {
      Id: inst.id,
      Code: inst.code,
      ShowCode: inst.showCode,
      Logo: inst.logo,
      CategoryId: inst.categoryId,
      MarketStatus: isOpen(entry) ? 1 : 2,
      PricePrecision: inst.pricePrecision,
      Pip: inst.pip,
      ForexMinCont: inst.minCont,
      ForexMaxCont: inst.maxCont,
      ForexContNum: inst.contNum,
      MarginMode: inst.marginMode,
      ForexFeeRate: inst.feeRate,
      HasForexMultiple: inst.leverages.map((Value) => ({ Value })),
      ForexQuotations: { Open: day.open, Close: day.close, High: day.high, Low: day.low, Change: day.change, Volume: day.volume, Ask: entry.quote?.ask },
      QuoteCurrency: inst.quoteCurrency,
    };
  }

  // Market

  categories(lang: Language): Category[] {
    return this.categoryRows.map((c) => ({ Id: c.id, NameShowTrans: c.names[lang] ?? c.names.en ?? String(c.id) }));
  }

  products(search?: string): Product[] {
    // The home list asks without a search on every visit: nothing to compare then. A search of
    // punctuation alone ("%", "/") names nothing, so it finds nothing rather than everything.
    if (!search?.trim()) return this.entries.map((e) => this.productOf(e));
    const needle = searchable(search);
    const found = needle ? this.entries.filter((e) => matches(e.inst, needle)) : [];
    return found.map((e) => this.productOf(e));
  }

  product(id: number): Product | undefined {
    const entry = this.byId.get(id);
    return entry && this.productOf(entry);
  }

  productByCode(code: string): Product | undefined {
    const entry = this.byCode.get(code.toUpperCase());
    return entry && this.productOf(entry);
  }

  /** The instrument's whole configuration (spread, session, quote currency), for the engine. */
  instrument(code: string): Instrument | undefined {
    return this.byCode.get(code.toUpperCase())?.inst;
  }

  quote(code: string): LiveQuote | undefined {
    return this.byCode.get(code.toUpperCase())?.quote;
  }

  async candles(productId: number, period: Period, options: { before?: number; limit?: number } = {}): Promise<Candle[]> {
    const entry = this.byId.get(productId);
    if (!entry) return [];
    const before = options.before ?? Infinity;
    const limit = Math.min(KLINE_LIMIT.max, Math.max(1, Math.floor(options.limit ?? KLINE_LIMIT.default)));
    const unwritten = () => [...this.inFlight, ...this.pending.values()].filter((b) => b.productId === productId && b.period === period && b.time < before);
    // Taken before the read too: a flush that finishes meanwhile must not hide its candles.
    const early = unwritten();
    const stored = await readBars(this.db, productId, period, Math.min(before, Number.MAX_SAFE_INTEGER), limit);
    const byTime = new Map(stored.map((b) => [b.time, b]));
    for (const bar of [...early, ...unwritten()]) byTime.set(bar.time, bar);
    const current = entry.bars[period];
    if (current && current.time < before) byTime.set(current.time, current);
    return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-limit).map(toCandle);
  }

  async sparkline(productId: number, period: Period): Promise<Candle[]> {
    const key = `${productId}:${period}`;
    const now = this.now();
    const cached = this.sparklines.get(key);
    if (cached && now - cached.at < SPARKLINE_TTL_MS) return cached.candles;
    const candles = await this.candles(productId, period, { limit: SPARKLINE_POINTS });
    this.sparklines.set(key, { at: now, candles });
    return candles;
  }

  subscribe(listener: (event: MarketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
