import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pendingFill, pendingType, sideOfPending, stopFire, stopsRefusal } from '../../../domain/orders';
import { BUY, SELL, type Quote } from '../../../domain/types';
import { price, side, spread } from './arbitraries';

const quote: Quote = { bid: '1.08500', ask: '1.08520' };

describe('pending type at placement', () => {
  it.each([
    { side: BUY, target: '1.08000', expected: 'buy_limit' },
    { side: BUY, target: '1.08520', expected: 'buy_limit' }, // at the ask: a limit, fills at once at p
    { side: BUY, target: '1.08510', expected: 'buy_limit' }, // between bid and ask: below the ask
    { side: BUY, target: '1.09000', expected: 'buy_stop' },
    { side: SELL, target: '1.09000', expected: 'sell_limit' },
    { side: SELL, target: '1.08500', expected: 'sell_limit' }, // at the bid
    { side: SELL, target: '1.08510', expected: 'sell_limit' }, // between: above the bid
    { side: SELL, target: '1.08000', expected: 'sell_stop' },
  ] as const)('$side at $target -> $expected', ({ side: s, target, expected }) => {
    expect(pendingType(s, target, quote)).toBe(expected);
    expect(sideOfPending(expected)).toBe(s);
  });

  it('a pending order never triggers against the quote it was placed at, unless at the price itself', () => {
    fc.assert(
      fc.property(side, price, spread, price, (s, bid, sp, target) => {
        const q = { bid, ask: bid.plus(sp) };
        const type = pendingType(s, target, q);
        const fill = pendingFill(type, target, q);
        const watched = s === BUY ? q.ask : q.bid;
        if (fill !== undefined) expect(watched.eq(target)).toBe(true);
      }),
    );
  });
});

describe('pending fills', () => {
  it('limits fill at p or better, stops at the triggering quote (gaps included)', () => {
    fc.assert(
      fc.property(side, fc.boolean(), price, price, spread, (s, isLimit, target, bid, sp) => {
        const q = { bid, ask: bid.plus(sp) };
        const type = s === BUY ? (isLimit ? 'buy_limit' : 'buy_stop') : isLimit ? 'sell_limit' : 'sell_stop';
        const fill = pendingFill(type, target, q);
        if (fill === undefined) return;
        const watched = s === BUY ? q.ask : q.bid;
        expect(fill.eq(watched)).toBe(true);
        if (type === 'buy_limit') expect(fill.lte(target)).toBe(true);
        if (type === 'sell_limit') expect(fill.gte(target)).toBe(true);
        if (type === 'buy_stop') expect(fill.gte(target)).toBe(true);
        if (type === 'sell_stop') expect(fill.lte(target)).toBe(true);
      }),
    );
  });

  it('a gap through a buy stop fills at the market', () => {
    expect(pendingFill('buy_stop', '1.09000', { bid: '1.09480', ask: '1.09500' })?.toString()).toBe('1.095');
    expect(pendingFill('buy_limit', '1.08000', { bid: '1.07480', ask: '1.07500' })?.toString()).toBe('1.075');
  });
});

describe('SL/TP firing', () => {
  it('0 means not set: never fires', () => {
    fc.assert(
      fc.property(side, price, spread, (s, bid, sp) => {
        expect(stopFire(s, { stopLoss: 0, takeProfit: 0 }, { bid, ask: bid.plus(sp) })).toBeUndefined();
      }),
    );
  });

  it('a level that passed validation does not fire on the same quote', () => {
    fc.assert(
      fc.property(side, price, spread, price, price, (s, bid, sp, sl, tp) => {
        const q = { bid, ask: bid.plus(sp) };
        const stops = { stopLoss: sl, takeProfit: tp };
        if (stopsRefusal(s, stops, q) === undefined) expect(stopFire(s, stops, q)).toBeUndefined();
      }),
    );
  });

  it('with inverted levels the stop-loss wins', () => {
    expect(stopFire(BUY, { stopLoss: '1.1', takeProfit: '1.0' }, { bid: '1.05', ask: '1.06' })?.kind).toBe('stop_loss');
    expect(stopFire(SELL, { stopLoss: '1.0', takeProfit: '1.1' }, { bid: '1.04', ask: '1.05' })?.kind).toBe('stop_loss');
  });
});

describe('SL/TP validation on placing or editing', () => {
  it.each([
    { side: BUY, sl: '1.08400', tp: '1.08600', expected: undefined },
    { side: BUY, sl: '0', tp: '0', expected: undefined },
    { side: BUY, sl: '1.08500', tp: '0', expected: 'sl_not_below_bid' },
    { side: BUY, sl: '1.08510', tp: '0', expected: 'sl_not_below_bid' },
    { side: BUY, sl: '0', tp: '1.08500', expected: 'tp_not_above_bid' },
    { side: BUY, sl: '0', tp: '1.08510', expected: undefined }, // above the bid, even below the ask
    { side: SELL, sl: '1.08600', tp: '1.08400', expected: undefined },
    { side: SELL, sl: '1.08520', tp: '0', expected: 'sl_not_above_ask' },
    { side: SELL, sl: '1.08510', tp: '0', expected: 'sl_not_above_ask' },
    { side: SELL, sl: '0', tp: '1.08520', expected: 'tp_not_below_ask' },
    { side: SELL, sl: '0', tp: '1.08510', expected: undefined },
    { side: SELL, sl: '-1', tp: '0', expected: 'negative_price' },
    { side: BUY, sl: '0', tp: '10.86', expected: 'level_far_from_price' },
    { side: BUY, sl: '0.1', tp: '0', expected: 'level_far_from_price' },
    { side: BUY, sl: '0.1086', tp: '10.84', expected: undefined },
    { side: SELL, sl: '1000000000000000', tp: '0', expected: 'level_far_from_price' },
  ] as const)('$side SL $sl TP $tp -> $expected', ({ side: s, sl, tp, expected }) => {
    expect(stopsRefusal(s, { stopLoss: sl, takeProfit: tp }, quote)).toBe(expected);
  });
});
