import { type Period, marketCalls } from '../../../../contract/market';
import { call } from '../../../shared/api/client';

/** The period of the home-row sparklines. */
export const SPARKLINE_PERIOD: Period = '15min';
const FRESH_MS = 60_000;

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
    call(marketCalls.sparkline, { forex_id: id, period: SPARKLINE_PERIOD }, { showErrorMessage: false })
      .then((candles) => this.entries.set(id, { closes: candles.map((c) => c.Close), loadedAt: Date.now(), loading: false }))
      .catch(() => this.entries.set(id, { closes: entry?.closes, loadedAt: 0, loading: false }))
      .finally(() => this.listeners.get(id)?.forEach((l) => l()));
  }
}

export const sparklines = new SparklineStore();
