import type { Instrument } from './catalogue';
import type { HistoryStep } from './history';

/** Where a feed delivers; the market folds ticks into quotes and candles. */
export interface FeedSink {
  /** A bid/ask tick. `trade` false: a quote that is no trade (no candle, no volume). */
  tick(inst: Instrument, bid: number, ask: number, time: number, trade?: boolean): void;
  /** The instrument opened or closed. */
  status(inst: Instrument, open: boolean, time: number): void;
  /** Synthetic candles (back-fill, or catching up after a pause), rounded, in time order. */
  history(inst: Instrument, steps: HistoryStep[]): void;
}

/** What the market knows of an instrument when the feed starts. */
export interface FeedStart {
  inst: Instrument;
  /** The newest stored bid and its time; absent on a new store. */
  last?: { bid: number; time: number };
}

/** A source of ticks. Time never comes from the feed itself: the market passes it in. */
export interface Feed {
  readonly kind: string;
  /** Before the first tick: restore state, back-fill history. */
  prepare(sink: FeedSink, instruments: FeedStart[], now: number): void | Promise<void>;
  /** The server began listening (a replay's clock starts here). */
  begin(now: number): void;
  /** Delivers everything due up to `to` (epoch ms), in time order. */
  advance(sink: FeedSink, to: number): void;
  /** When the next thing is due (Infinity: nothing scheduled). */
  nextDue(): number;
}

/** No ticks at all: the products and their last stored quotes, all closed. */
export class OffFeed implements Feed {
  readonly kind = 'off';
  prepare(): void {}
  begin(): void {}
  advance(): void {}
  nextDue(): number {
    return Infinity;
  }
}
