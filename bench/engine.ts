/**
 * Engine per-tick work: `Book.tick` over 1,000, 10,000 and 100,000 open positions spread over 24
 * instruments (10 positions per account, balances too large to stop out, SL/TP on about half of
 * them and a few hundred pending limits, all far from the market), with quotes random-walking
 * round-robin over the instruments. Prints ticks per second of tick time, p50 / p99 / max cost
 * per tick and the triggers returned (expected 0). In memory, seeded; asserts nothing.
 * Usage: npm run bench:engine [-- 1000 10000 100000]
 */
import { Book, liveOrderOf } from '../server/trading/book';
import { mulberry32 } from '../server/market/random';
import type { OrderRow } from '../server/trading/schema';
import { BUY, SELL } from '../domain/types';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const N = sizes.length > 0 ? sizes : [1_000, 10_000, 100_000];
const INSTRUMENTS = 24;
const POSITIONS_PER_ACCOUNT = 10;
const PENDING = 240;
const CONTRACT = 100_000;
const START = 1.085;
const SPREAD = 0.00012;
const STEP = 0.00005; // largest move of one tick
const BAND = 0.01; // the walk stays within START ± BAND
const FAR = 0.05; // SL/TP and pending limits sit this far from the open price
const WARMUP_MS = 1_000;
const MEASURE_MS = 4_000;
const MAX_TICKS = 200_000;
const STOP_OUT_LEVEL = 50;
const usd = () => 1;

const percentile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

function row(fields: Partial<OrderRow> & Pick<OrderRow, 'id' | 'userId' | 'productId' | 'side' | 'lots' | 'status' | 'originPrice' | 'margin'>): OrderRow {
  return {
    contNum: String(CONTRACT), leverage: 100, pendingType: null, price: null, closePrice: null, stopLoss: '0', takeProfit: '0', fee: '0', profit: '0',
    closedType: 0, requestId: null, createdAt: new Date(0), completedAt: null, ...fields,
  };
}

function buildBook(positions: number, random: () => number): Book {
  const book = new Book();
  for (let u = 1; u <= Math.ceil(positions / POSITIONS_PER_ACCOUNT); u++) book.account(u, '1000000');
  let id = 0;
  for (let i = 0; i < positions; i++) {
    const side = random() < 0.5 ? BUY : SELL;
    const open = START + (random() - 0.5) * 0.004;
    const lots = 0.01 + Math.floor(random() * 100) / 100;
    const withStops = random() < 0.5;
    const away = side === BUY ? -FAR : FAR;
    const price = open.toFixed(5);
    book.add(liveOrderOf(row({
      id: ++id, userId: 1 + Math.floor(i / POSITIONS_PER_ACCOUNT), productId: 1 + (i % INSTRUMENTS), side, lots: lots.toFixed(2), status: 1,
      originPrice: price, price, margin: ((lots * CONTRACT * open) / 100).toFixed(6),
      stopLoss: withStops ? (open + away).toFixed(5) : '0', takeProfit: withStops ? (open - away).toFixed(5) : '0',
    })));
  }
  for (let i = 0; i < PENDING; i++) {
    const side = i % 2 === 0 ? BUY : SELL;
    const target = side === BUY ? START - FAR : START + FAR;
    const lots = 0.01 + Math.floor(random() * 100) / 100;
    book.add(liveOrderOf(row({
      id: ++id, userId: 1 + Math.floor(random() * Math.ceil(positions / POSITIONS_PER_ACCOUNT)), productId: 1 + (i % INSTRUMENTS), side,
      lots: lots.toFixed(2), status: 0, pendingType: side === BUY ? 'buy_limit' : 'sell_limit', originPrice: target.toFixed(5),
      margin: ((lots * CONTRACT * target) / 100).toFixed(6),
    })));
  }
  return book;
}

function bench(positions: number): string {
  const random = mulberry32(positions);
  const book = buildBook(positions, random);
  const bids = new Float64Array(INSTRUMENTS).fill(START);
  let next = 0;
  const times = new Float64Array(MAX_TICKS);
  /** One tick of the next instrument in turn; returns its cost in ms and adds up its triggers. */
  const tick = () => {
    const i = next;
    next = (next + 1) % INSTRUMENTS;
    const bid = Math.min(START + BAND, Math.max(START - BAND, bids[i]! + (random() * 2 - 1) * STEP));
    bids[i] = bid;
    const t0 = performance.now();
    const fired = book.tick(i + 1, bid, bid + SPREAD, usd, STOP_OUT_LEVEL, () => true).length;
    return { ms: performance.now() - t0, fired };
  };

  for (const end = performance.now() + WARMUP_MS; performance.now() < end;) tick();
  let count = 0;
  let triggers = 0;
  let busy = 0;
  for (const end = performance.now() + MEASURE_MS; count < MAX_TICKS && (performance.now() < end || count % INSTRUMENTS !== 0);) {
    const { ms, fired } = tick();
    times[count++] = ms;
    busy += ms;
    triggers += fired;
  }
  const sorted = times.subarray(0, count).sort();
  const perSecond = Math.round((count / busy) * 1000);
  return (
    `engine: ${positions} positions over ${INSTRUMENTS} instruments: ${perSecond} ticks/s, per tick p50 ${percentile(sorted, 0.5).toFixed(3)} ms` +
    ` p99 ${percentile(sorted, 0.99).toFixed(3)} ms max ${sorted[count - 1]!.toFixed(2)} ms (target p99 < 2 ms), triggers ${triggers}`
  );
}

for (const n of N) console.log(bench(n));
