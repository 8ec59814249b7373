import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec, money6 } from '../../../domain/decimal';
import { withdrawFee, withdrawReceived } from '../../../domain/withdraw';
import { scaled } from './arbitraries';

describe('withdraw fee and received amount', () => {
  it.each([
    { name: 'fixed fee', amount: '100', feeType: 1, drawRate: '2', usdPrice: '1', fee: '2', received: '98.000000' },
    { name: 'fixed fee, other currency', amount: '100', feeType: 1, drawRate: '2', usdPrice: '7.1', fee: '2', received: '695.800000' },
    { name: 'rate', amount: '100', feeType: 2, drawRate: '0.01', usdPrice: '1', fee: '1', received: '99.000000' },
    { name: 'rate: the fee up to the cent, what arrives down to 6 places', amount: '33.33', feeType: 0, drawRate: '0.015', usdPrice: '0.9', fee: '0.5', received: '29.547000' },
    { name: 'half a cent of fee is a cent, and not paid out as well', amount: '50.50', feeType: 2, drawRate: '0.01', usdPrice: '1', fee: '0.51', received: '49.990000' },
    { name: 'fee above the amount: floored at 0', amount: '1', feeType: 1, drawRate: '5', usdPrice: '1', fee: '5', received: '0.000000' },
    { name: 'a currency worth many dollars keeps its places', amount: '999.99', feeType: 1, drawRate: '5', usdPrice: '0.000015', fee: '5', received: '0.014924' },
    { name: 'a fine rate, rounded down', amount: '600', feeType: 1, drawRate: '5', usdPrice: '0.0000153846', fee: '5', received: '0.009153' },
  ])('$name', ({ amount, feeType, drawRate, usdPrice, fee, received }) => {
    expect(withdrawFee({ amount, feeType, drawRate }).eq(fee)).toBe(true);
    expect(money6(withdrawReceived({ amount, feeType, drawRate, usdPrice }))).toBe(received);
  });

  it('never receives less than 0, and a fixed fee does not depend on the amount', () => {
    const money = scaled(0, 100_000_000, 2);
    fc.assert(
      fc.property(money, money, fc.constantFrom(0, 1, 2), scaled(0, 100_000, 4), (amount, other, feeType, rate) => {
        const r = withdrawReceived({ amount, feeType, drawRate: rate, usdPrice: '1.5' });
        expect(r.gte(0)).toBe(true);
        if (feeType === 1) expect(withdrawFee({ amount, feeType, drawRate: rate }).eq(withdrawFee({ amount: other, feeType, drawRate: rate }))).toBe(true);
      }),
    );
  });

  it('pays out with its fee never more than the amount held, in cents', () => {
    fc.assert(
      fc.property(scaled(1, 100_000_000, 2), fc.constantFrom(1, 2), scaled(0, 9_999, 4), (amount, feeType, rate) => {
        const drawRate = feeType === 1 ? rate : dec(rate).div(10_000);
        const fee = withdrawFee({ amount, feeType, drawRate });
        const received = withdrawReceived({ amount, feeType, drawRate, usdPrice: '1' });
        expect(fee.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(received.decimalPlaces()).toBeLessThanOrEqual(2);
        if (received.gt(0)) expect(fee.plus(received).eq(amount)).toBe(true);
      }),
    );
  });
});
