import { type Period, marketCalls } from '../../../../contract/market';
import { call } from '../../../shared/api/client';

/** The period of the home-row sparklines. */
export const SPARKLINE_PERIOD: Period = '15min';
const FRESH_MS = 60_000;
/**
 * Series requests in flight at once. A browser opens six connections to a server: the rest are for
 * the trader's own calls. Each request starts when one ends, so their cost is spread over tasks.
 */
const IN_FLIGHT = 3;

type Listener = () => void;
interface Entry {
  closes: number[] | undefined;
  loadedAt: number;
  loading: boolean;
}

/**
 * Sparkline series by product, fetched when a row first scrolls into view (and again when older
 * than a minute), never by the component itself.
 */
class SparklineStore {
  private readonly entries = new Map<number, Entry>();
  private readonly listeners = new Map<number, Set<Listener>>();
  /** Wanted and not yet asked for, in the order the rows came into view. */
  private readonly queue: number[] = [];
  private inFlight = 0;

  get = (id: number) => this.entries.get(id)?.closes;

  subscribe(id: number, listener: Listener) {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** The row is visible: load its series unless a fresh one is here or on its way. */
  want(id: number) {
    const entry = this.entries.get(id);
    if (entry && (entry.loading || Date.now() - entry.loadedAt < FRESH_MS)) return;
    this.entries.set(id, { closes: entry?.closes, loadedAt: entry?.loadedAt ?? 0, loading: true });
    this.queue.push(id);
    this.next();
  }

  private next() {
    if (this.inFlight >= IN_FLIGHT) return;
    const id = this.queue.shift();
    if (id === undefined) return;
    this.inFlight += 1;
    const previous = this.entries.get(id)?.closes;
    call(marketCalls.sparkline, { forex_id: id, period: SPARKLINE_PERIOD }, { showErrorMessage: false })
      .then((candles) => this.entries.set(id, { closes: candles.map((c) => c.Close), loadedAt: Date.now(), loading: false }))
      .catch(() => this.entries.set(id, { closes: previous, loadedAt: 0, loading: false }))
      .finally(() => {
        this.inFlight -= 1;
        this.listeners.get(id)?.forEach((l) => l());
        this.next();
      });
  }
}

export const sparklines = new SparklineStore();
