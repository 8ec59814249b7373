import fs from 'node:fs';
import type { Instrument } from './catalogue';
import type { Feed, FeedSink, FeedStart } from './feed';

/** One line of a replay file: `{"t": ms, "code": "EURUSD", "bid": 1.085, "ask": 1.0852}`, optional `"open": false`. */
export interface ReplayLine {
  /** Ms after the server began listening. */
  t: number;
  code: string;
  bid?: number;
  ask?: number;
  open: boolean;
}

const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The valid lines in time order (a stable sort: equal `t` keep file order); the rest are warned about. */
export function parseReplay(text: string, knows: (code: string) => boolean, warn: (message: string) => void): ReplayLine[] {
  const lines: ReplayLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const skip = (why: string) => warn(`replay line ${index + 1} skipped: ${why}`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return skip('not JSON');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return skip('not an object');
    const { t, code, bid, ask, open } = value as Record<string, unknown>;
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) return skip('"t" must be a number of ms >= 0');
    if (typeof code !== 'string' || code === '') return skip('"code" is missing');
    if (!knows(code)) return skip(`unknown product ${code}`);
    if (open !== undefined && typeof open !== 'boolean') return skip('"open" must be true or false');
    const priced = bid !== undefined || ask !== undefined;
    if ((open !== false || priced) && !(isPrice(bid) && isPrice(ask))) return skip('"bid" and "ask" must be positive numbers');
    if (priced && (ask as number) < (bid as number)) return skip('"ask" is below "bid"');
    lines.push({ t, code, open: open !== false, ...(priced ? { bid: bid as number, ask: ask as number } : {}) });
  });
  return lines.map((line, i) => ({ line, i })).sort((a, b) => a.line.t - b.line.t || a.i - b.i).map((x) => x.line);
}

/**
 * Plays a JSON-lines file against the clock from the moment the server listens. An instrument of
 * the file opens at its first line and stays open unless a line says `"open": false` (a line may
 * open it again); after the last line everything stays as it is. Instruments not in the file get
 * nothing: closed, no quote.
 */
export class ReplayFeed implements Feed {
  readonly kind = 'replay';
  private lines: ReplayLine[] = [];
  private byCode = new Map<string, Instrument>();
  private readonly open = new Set<string>();
  private next = 0;
  private startedAt: number | undefined;

  constructor(
    private readonly file: string,
    private readonly warn: (message: string) => void = (m) => console.warn(m),
  ) {}

  prepare(_sink: FeedSink, instruments: FeedStart[]): void {
    this.byCode = new Map(instruments.map(({ inst }) => [inst.code, inst]));
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      throw new Error(`MARKET_FEED replay: cannot read ${this.file}: ${(error as Error).message}`);
    }
    this.lines = parseReplay(text, (code) => this.byCode.has(code), this.warn);
  }

  begin(now: number): void {
    this.startedAt ??= now;
  }

  nextDue(): number {
    const line = this.lines[this.next];
    return this.startedAt === undefined || !line ? Infinity : this.startedAt + line.t;
  }

  advance(sink: FeedSink, to: number): void {
    if (this.startedAt === undefined) return;
    for (let line = this.lines[this.next]; line && this.startedAt + line.t <= to; line = this.lines[++this.next]) {
      const inst = this.byCode.get(line.code)!;
      const time = this.startedAt + line.t;
      if (line.open !== this.open.has(line.code)) {
        if (line.open) this.open.add(line.code);
        else this.open.delete(line.code);
        sink.status(inst, line.open, time);
      }
      if (line.bid !== undefined && line.ask !== undefined) sink.tick(inst, line.bid, line.ask, time, line.open);
    }
  }
}
