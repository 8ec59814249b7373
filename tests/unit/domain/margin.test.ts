import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec } from '../../../domain/decimal';
import { margin, tradeFee } from '../../../domain/margin';
import { contractSize, leverage, lots, price } from './arbitraries';

describe('margin', () => {
  it('is exact: margin x leverage = lots x contract x price, digit for digit', () => {
    fc.assert(
      fc.property(lots, contractSize, price, leverage, (l, c, p, lev) => {
        const m = margin({ marginMode: 2, lots: l, contractSize: c, openPrice: p, leverage: lev });
        const scale = 10n ** 7n; // lots have 2 places, prices 5
        const expected = BigInt(l.times(100).toFixed()) * BigInt(c) * BigInt(p.times(100_000).toFixed());
        expect(m.times(lev).times(scale.toString()).toFixed()).toBe(expected.toString());
      }),
    );
  });

  it('fixed mode ignores price and leverage', () => {
    fc.assert(
      fc.property(lots, contractSize, price, leverage, (l, c, p, lev) => {
        const m = margin({ marginMode: 1, lots: l, contractSize: c, openPrice: p, leverage: lev });
        expect(m.eq(l.times(c))).toBe(true);
      }),
    );
  });

  it.each([
    // USDJPY 1 lot at 150.000, leverage 100: 150 000 JPY / 150 = 1000 USD.
    { name: 'USD-base (USDJPY)', price: '150.000', conversion: { kind: 'divide', pairPrice: '150.000' } as const, expected: '1000' },
    // EURGBP 1 lot at 0.85000, leverage 100: 850 GBP x GBPUSD 1.27000 = 1079.5 USD.
    { name: 'cross (EURGBP)', price: '0.85000', conversion: { kind: 'multiply', quoteUsdRate: '1.27000' } as const, expected: '1079.5' },
  ])('converts the quote-currency margin to USD at open: $name', ({ price: p, conversion, expected }) => {
    const m = margin({ marginMode: 2, lots: 1, contractSize: 100_000, openPrice: p, leverage: 100, conversion });
    expect(m.eq(expected)).toBe(true);
  });

  it('refuses a leverage of 0 rather than dividing by it', () => {
    expect(() => margin({ marginMode: 2, lots: 1, contractSize: 100, openPrice: 1, leverage: 0 })).toThrow(RangeError);
  });
});

describe('trade fee', () => {
  it('per lot (type 1) ignores the margin; otherwise it is a share of the margin', () => {
    fc.assert(
      fc.property(lots, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 10_000 }), (l, marginCents, rateMilli) => {
        const m = dec(marginCents).div(100);
        const rate = dec(rateMilli).div(1000);
        expect(tradeFee({ feeType: 1, lots: l, rate, margin: m }).eq(l.times(rate))).toBe(true);
        expect(tradeFee({ feeType: 0, lots: l, rate, margin: m }).eq(m.times(rate))).toBe(true);
      }),
    );
  });
});
