import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec } from '../../../domain/decimal';
import { margin, tradeFee } from '../../../domain/margin';
import { closingPrice, floatingPnl, floatingPnlUsd, openingPrice, pnlAtPrice } from '../../../domain/pnl';
import { BUY, SELL } from '../../../domain/types';
import { toUsd, usdConversionFor } from '../../../domain/usd';
import { contractSize, leverage, lots, price, side, spread } from './arbitraries';

describe('floating P&L', () => {
  it('a position just opened loses exactly the spread', () => {
    fc.assert(
      fc.property(side, price, spread, lots, contractSize, (s, bid, sp, l, c) => {
        const quote = { bid, ask: bid.plus(sp) };
        const position = { side: s, openPrice: openingPrice(s, quote), lots: l, contractSize: c };
        expect(floatingPnl(position, quote).eq(sp.times(l).times(c).negated())).toBe(true);
      }),
    );
  });

  it('closing at the open price returns the margin minus the fee', () => {
    fc.assert(
      fc.property(side, price, lots, contractSize, leverage, fc.constantFrom(0, 1), (s, open, l, c, lev, feeType) => {
        const m = margin({ marginMode: 2, lots: l, contractSize: c, openPrice: open, leverage: lev });
        const fee = tradeFee({ feeType, lots: l, rate: '0.001', margin: m });
        const pnl = pnlAtPrice({ side: s, openPrice: open, lots: l, contractSize: c }, open);
        expect(pnl.isZero()).toBe(true);
        // Open takes margin + fee from the balance; close credits margin + P&L.
        const balance = dec(1_000_000);
        const after = balance.minus(m).minus(fee).plus(m).plus(pnl);
        expect(after.eq(balance.minus(fee))).toBe(true);
      }),
    );
  });

  it('buys are valued at the bid, sells at the ask', () => {
    const quote = { bid: '1.1', ask: '1.2' };
    expect(closingPrice(BUY, quote).toString()).toBe('1.1');
    expect(closingPrice(SELL, quote).toString()).toBe('1.2');
    expect(openingPrice(BUY, quote).toString()).toBe('1.2');
    expect(openingPrice(SELL, quote).toString()).toBe('1.1');
  });
});

describe('P&L in USD', () => {
  it('USD-quote pairs are already USD', () => {
    expect(toUsd('130').eq(130)).toBe(true);
  });

  it('USD-base pairs divide by the pair\'s current valuation price (USDJPY)', () => {
    // Buy 1 lot USDJPY at 150.000, bid now 151.500: +150 000 JPY / 151.5 = 990.099009... USD.
    const quote = { bid: '151.500', ask: '151.520' };
    const position = { side: BUY, openPrice: '150.000', lots: 1, contractSize: 100_000 } as const;
    const usd = floatingPnlUsd(position, quote, { kind: 'divide', pairPrice: closingPrice(BUY, quote) });
    expect(usd.toFixed(6)).toBe('990.099010');
  });

  it('crosses multiply by the quote currency\'s USD rate (EURGBP x GBPUSD)', () => {
    // Sell 1 lot EURGBP at 0.85000, ask now 0.84900: +100 GBP x 1.27 = 127 USD.
    const position = { side: SELL, openPrice: '0.85000', lots: 1, contractSize: 100_000 } as const;
    const usd = floatingPnlUsd(position, { bid: '0.84880', ask: '0.84900' }, { kind: 'multiply', quoteUsdRate: '1.27' });
    expect(usd.eq(127)).toBe(true);
  });

  it('picks the conversion from the product code', () => {
    const prices: Record<string, string> = { GBPUSD: '1.25', USDJPY: '160' };
    const priceOf = (code: string) => prices[code];
    expect(usdConversionFor('EURUSD', '1.08', priceOf)).toEqual({ kind: 'usd' });
    expect(usdConversionFor('XAUUSD', '2350', priceOf)).toEqual({ kind: 'usd' });
    expect(usdConversionFor('USDJPY', '160', priceOf)).toEqual({ kind: 'divide', pairPrice: '160' });
    expect(usdConversionFor('EURGBP', '0.85', priceOf)).toEqual({ kind: 'multiply', quoteUsdRate: '1.25' });
    const eurjpy = usdConversionFor('EURJPY', '170', priceOf);
    expect(eurjpy?.kind).toBe('multiply');
    expect(toUsd(160, eurjpy).eq(1)).toBe(true);
    expect(usdConversionFor('EURCHF', '0.95', priceOf)).toBeUndefined();
    expect(usdConversionFor('GER40', '18000', priceOf)).toBeUndefined();
    // An index goes by the currency it is quoted in.
    expect(usdConversionFor('UK100', '8000', priceOf, 'GBP')).toEqual({ kind: 'multiply', quoteUsdRate: '1.25' });
    expect(toUsd(160, usdConversionFor('JPN225', '38000', priceOf, 'JPY')).eq(1)).toBe(true);
    expect(usdConversionFor('US500', '5000', priceOf, 'USD')).toEqual({ kind: 'usd' });
  });

  it('refuses to divide by a zero pair price', () => {
    expect(() => toUsd(1, { kind: 'divide', pairPrice: 0 })).toThrow(RangeError);
  });
});
