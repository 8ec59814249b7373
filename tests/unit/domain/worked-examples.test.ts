/**
 * Every row of the "Worked examples" table of TRADING-RULES.md, in the table's order.
 * Expected values are the table's, compared as decimals (so '1085.20' equals 1085.2 exactly).
 */
import { describe, expect, it } from 'vitest';
import { accountSnapshot, type HeldPosition } from '../../../domain/account';
import { bucketStart, foldTick, tradingDay, type Candle } from '../../../domain/candles';
import { dec, money6, show2, sum } from '../../../domain/decimal';
import { lotsRefusal } from '../../../domain/lots';
import { margin, tradeFee } from '../../../domain/margin';
import { pendingFill, pendingType, stopFire, type PendingType, type StopKind } from '../../../domain/orders';
import { floatingPnl, openingPrice } from '../../../domain/pnl';
import { BUY, SELL, type Quote, type Side } from '../../../domain/types';

const same = (actual: { toFixed(dp?: number): string }, expected: string) =>
  expect(dec(actual.toFixed()).eq(dec(expected)), `${actual.toFixed()} = ${expected}`).toBe(true);

describe('worked examples: margin', () => {
  it.each<{ name: string; side: Side; lots: string; contractSize: string; quote: Quote; leverage: string; mode: number; expected: string }>([
    { name: 'EURUSD buy 1 lot', side: BUY, lots: '1', contractSize: '100000', quote: { bid: '1.08500', ask: '1.08520' }, leverage: '100', mode: 2, expected: '1085.20' },
    { name: 'EURUSD sell 0.5', side: SELL, lots: '0.5', contractSize: '100000', quote: { bid: '1.08500', ask: '1.08520' }, leverage: '200', mode: 2, expected: '271.25' },
    { name: 'XAUUSD 0.10', side: BUY, lots: '0.10', contractSize: '100', quote: { bid: '2350.00', ask: '2350.40' }, leverage: '100', mode: 2, expected: '235.04' },
    { name: 'BTCUSD 0.5', side: BUY, lots: '0.5', contractSize: '1', quote: { bid: '65000', ask: '65030' }, leverage: '20', mode: 2, expected: '1625.75' },
    { name: 'MarginMode 1 (price 2350.40, leverage 100)', side: BUY, lots: '0.30', contractSize: '100', quote: { bid: '2350.00', ask: '2350.40' }, leverage: '100', mode: 1, expected: '30.00' },
    { name: 'MarginMode 1 (price 1.2, leverage 500)', side: SELL, lots: '0.30', contractSize: '100', quote: { bid: '1.2', ask: '1.3' }, leverage: '500', mode: 1, expected: '30.00' },
  ])('$name -> $expected', ({ side, lots, contractSize, quote, leverage, mode, expected }) => {
    const m = margin({ marginMode: mode, lots, contractSize, openPrice: openingPrice(side, quote), leverage });
    same(m, expected);
    expect(show2(m)).toBe(expected);
  });
});

describe('worked examples: fee', () => {
  it.each([
    { name: 'type 1, lots 2 rate 5', feeType: 1, lots: '2', margin: '999', rate: '5', expected: '10.00' },
    { name: 'type 1, lots 0.30 rate 7', feeType: 1, lots: '0.30', margin: '999', rate: '7', expected: '2.10' },
    { name: 'otherwise, margin 1085.20 rate 0.001', feeType: 2, lots: '1', margin: '1085.20', rate: '0.001', expected: '1.0852' },
    { name: 'otherwise, margin 1625.75 rate 0.0005', feeType: 0, lots: '0.5', margin: '1625.75', rate: '0.0005', expected: '0.812875' },
  ])('$name -> $expected', ({ feeType, lots, margin: m, rate, expected }) => {
    same(tradeFee({ feeType, lots, rate, margin: m }), expected);
  });
});

describe('worked examples: floating P&L', () => {
  it.each<{ name: string; side: Side; lots: string; contractSize: string; open: string; quote: Quote; expected: string }>([
    { name: 'EURUSD buy 1', side: BUY, lots: '1', contractSize: '100000', open: '1.08520', quote: { bid: '1.08650', ask: '1.08670' }, expected: '130.00' },
    { name: 'EURUSD sell 1', side: SELL, lots: '1', contractSize: '100000', open: '1.08500', quote: { bid: '1.08650', ask: '1.08670' }, expected: '-170.00' },
    { name: 'just opened buy', side: BUY, lots: '1', contractSize: '100000', open: '1.08520', quote: { bid: '1.08500', ask: '1.08520' }, expected: '-20.00' },
    { name: 'XAUUSD buy 0.10', side: BUY, lots: '0.10', contractSize: '100', open: '2350.40', quote: { bid: '2361.15', ask: '2361.55' }, expected: '107.50' },
    { name: 'XAUUSD sell 0.20', side: SELL, lots: '0.20', contractSize: '100', open: '2350.00', quote: { bid: '2361.15', ask: '2361.55' }, expected: '-231.00' },
    { name: 'BTCUSD buy 0.5', side: BUY, lots: '0.5', contractSize: '1', open: '65030', quote: { bid: '64200', ask: '64230' }, expected: '-415.00' },
    { name: 'BTCUSD sell 0.5', side: SELL, lots: '0.5', contractSize: '1', open: '65000', quote: { bid: '64200', ask: '64230' }, expected: '385.00' },
  ])('$name -> $expected', ({ side, lots, contractSize, open, quote, expected }) => {
    const pnl = floatingPnl({ side, openPrice: open, lots, contractSize }, quote);
    same(pnl, expected);
    expect(money6(pnl)).toBe(dec(expected).toFixed(6));
  });
});

describe('worked examples: account', () => {
  it('balance 10000 before, three positions, fees ignored', () => {
    const positions: HeldPosition[] = [
      { id: 'EURUSD', pnl: '130', margin: '1085.20' },
      { id: 'XAUUSD', pnl: '107.50', margin: '235.04' },
      { id: 'BTCUSD', pnl: '-415', margin: '1625.75' },
    ];
    // The stored balance is the free cash: the margins were taken when the positions opened.
    const balance = dec('10000').minus(sum(positions.map((p) => p.margin)));
    const s = accountSnapshot(balance, positions);
    expect(show2(s.profitsTotal)).toBe('-177.50');
    expect(show2(s.cautionMoneyAll)).toBe('2945.99');
    expect(show2(s.equity)).toBe('9822.50');
    expect(s.hazardRate.toFixed(2)).toBe('333.42');
  });
});

describe('worked examples: SL/TP', () => {
  const bidQuote = (bid: string, ask?: string): Quote => ({ bid, ask: ask ?? dec(bid).plus('0.00020').toFixed() });
  const askQuote = (ask: string, bid?: string): Quote => ({ ask, bid: bid ?? dec(ask).minus('0.00020').toFixed() });
  it.each<{ name: string; side: Side; sl: string; tp: string; first: Quote; then: Quote; kind: StopKind; fill: string }>([
    { name: 'buy SL 1.08300', side: BUY, sl: '1.08300', tp: '0', first: bidQuote('1.08301'), then: bidQuote('1.08300'), kind: 'stop_loss', fill: '1.08300' },
    { name: 'buy TP 1.08800', side: BUY, sl: '0', tp: '1.08800', first: bidQuote('1.08780', '1.08800'), then: bidQuote('1.08800'), kind: 'take_profit', fill: '1.08800' },
    { name: 'sell SL 1.08800', side: SELL, sl: '1.08800', tp: '0', first: askQuote('1.08795'), then: askQuote('1.08805'), kind: 'stop_loss', fill: '1.08805' },
    { name: 'sell TP 1.08200', side: SELL, sl: '0', tp: '1.08200', first: askQuote('1.08210', '1.08190'), then: askQuote('1.08200'), kind: 'take_profit', fill: '1.08200' },
  ])('$name: no, then fire', ({ side, sl, tp, first, then, kind, fill }) => {
    expect(stopFire(side, { stopLoss: sl, takeProfit: tp }, first)).toBeUndefined();
    const fired = stopFire(side, { stopLoss: sl, takeProfit: tp }, then);
    expect(fired?.kind).toBe(kind);
    same(fired!.price, fill);
  });
});

describe('worked examples: pending orders', () => {
  const q = (side: 'bid' | 'ask', price: string): Quote =>
    side === 'ask' ? { ask: price, bid: dec(price).minus('0.00020').toFixed() } : { bid: price, ask: dec(price).plus('0.00020').toFixed() };
  it.each<{ name: string; side: Side; target: string; placedAt: Quote; type: PendingType; first: Quote; then: Quote; fill: string }>([
    { name: 'buy limit 1.08000', side: BUY, target: '1.08000', placedAt: q('ask', '1.08100'), type: 'buy_limit', first: q('ask', '1.08005'), then: q('ask', '1.08000'), fill: '1.08000' },
    { name: 'sell limit 1.09000', side: SELL, target: '1.09000', placedAt: q('bid', '1.08900'), type: 'sell_limit', first: q('bid', '1.08990'), then: q('bid', '1.09000'), fill: '1.09000' },
    { name: 'buy stop 1.09000', side: BUY, target: '1.09000', placedAt: q('ask', '1.08900'), type: 'buy_stop', first: q('ask', '1.08995'), then: q('ask', '1.09005'), fill: '1.09005' },
    { name: 'sell stop 1.08000', side: SELL, target: '1.08000', placedAt: q('bid', '1.08100'), type: 'sell_stop', first: q('bid', '1.08001'), then: q('bid', '1.07995'), fill: '1.07995' },
  ])('$name: no, then fill at $fill', ({ side, target, placedAt, type, first, then, fill }) => {
    expect(pendingType(side, target, placedAt)).toBe(type);
    expect(pendingFill(type, target, first)).toBeUndefined();
    const filled = pendingFill(type, target, then);
    expect(filled).toBeDefined();
    same(filled!, fill);
  });
});

describe('worked examples: lots, min 0.01 step 0.01', () => {
  it.each([
    { lots: '0.005', expected: 'below_min' },
    { lots: '0.015', expected: 'off_step' },
    { lots: '0.02', expected: undefined },
    // The same amounts as binary floats, as the wire may deliver them.
    { lots: 0.015, expected: 'off_step' },
    { lots: 0.02, expected: undefined },
  ])('$lots -> $expected', ({ lots, expected }) => {
    expect(lotsRefusal(lots, { min: '0.01', max: '100', step: '0.01' })).toBe(expected);
  });
});

describe('worked examples: 1min candle', () => {
  it('folds four ticks into one bar; the 12:01:00 tick opens the next bar', () => {
    const at = (hms: string) => Date.parse(`2024-03-11T${hms}Z`);
    const ticks = [
      { ts: at('12:00:05'), bid: '1.08510' },
      { ts: at('12:00:20'), bid: '1.08530' },
      { ts: at('12:00:41'), bid: '1.08490' },
      { ts: at('12:00:59'), bid: '1.08505' },
      { ts: at('12:01:00'), bid: '1.08507' },
    ];
    let candle: Candle | undefined;
    const closed: Candle[] = [];
    for (const tick of ticks) {
      const next = foldTick(candle, tick, '1min');
      if (next.closed) closed.push(next.closed);
      candle = next.candle;
    }
    expect(closed).toHaveLength(1);
    const bar = closed[0]!;
    expect(bar.Time).toBe(at('12:00:00'));
    same(dec(bar.Open), '1.08510');
    same(dec(bar.High), '1.08530');
    same(dec(bar.Low), '1.08490');
    same(dec(bar.Close), '1.08505');
    expect(bar.Volume).toBe(4);
    expect(candle).toMatchObject({ Time: at('12:01:00'), Volume: 1 });
    same(dec(candle!.Open), '1.08507');
  });
});

describe('worked examples: daily bucket', () => {
  it.each([
    { name: 'EDT, before 17:00', ts: '2024-03-11T20:59:59Z', day: '2024-03-11', start: '2024-03-10T21:00:00Z' },
    { name: 'EDT, at 17:00', ts: '2024-03-11T21:00:00Z', day: '2024-03-12', start: '2024-03-11T21:00:00Z' },
    { name: 'EST, before 17:00', ts: '2024-01-15T21:59:59Z', day: '2024-01-15', start: '2024-01-14T22:00:00Z' },
    { name: 'EST, at 17:00', ts: '2024-01-15T22:00:00Z', day: '2024-01-16', start: '2024-01-15T22:00:00Z' },
  ])('$name: $ts -> trading day $day', ({ ts, day, start }) => {
    expect(tradingDay(Date.parse(ts))).toBe(day);
    expect(new Date(bucketStart(Date.parse(ts), '1day')).toISOString()).toBe(new Date(start).toISOString());
  });
});
