import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountSnapshot,
  equity,
  hazardRate,
  isMarginCall,
  isStopOut,
  negativeBalanceProtection,
  openRefusal,
  stopOutOrder,
  type HeldPosition,
} from '../../../domain/account';
import { dec } from '../../../domain/decimal';
import { scaled } from './arbitraries';

const cash = scaled(-1_000_000_00, 10_000_000_00, 2);
const position = fc.record({ margin: scaled(1, 5_000_000, 2), pnl: scaled(-2_000_000, 2_000_000, 2) });
const positions = fc
  .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 0, maxLength: 12 })
  .chain((ids) => fc.tuple(...ids.map((id) => position.map((p): HeldPosition => ({ id, ...p })))));

describe('HazardRate', () => {
  it('is 0 with nothing open, whatever the balance', () => {
    fc.assert(
      fc.property(cash, (balance) => {
        expect(hazardRate(balance, []).isZero()).toBe(true);
        expect(accountSnapshot(balance, [])).toMatchObject({ hazardRate: dec(0), cautionMoneyAll: dec(0), profitsTotal: dec(0) });
        expect(isMarginCall(balance, [])).toBe(false);
        expect(isStopOut(balance, [])).toBe(false);
      }),
    );
  });

  it('grows with equity', () => {
    fc.assert(
      fc.property(positions.filter((ps) => ps.length > 0), cash, cash, (ps, a, b) => {
        const [low, high] = a.lte(b) ? [a, b] : [b, a];
        expect(equity(low, ps).lte(equity(high, ps))).toBe(true);
        expect(hazardRate(low, ps).lte(hazardRate(high, ps))).toBe(true);
      }),
    );
  });

  it('has 2 places and is equity / used margin x 100', () => {
    const ps: HeldPosition[] = [{ id: 1, margin: '300', pnl: '0' }];
    // equity 700 + 300 + 0 = 1000; 1000 / 300 x 100 = 333.333...
    expect(hazardRate('700', ps).toFixed()).toBe('333.33');
    // A round value keeps no trailing digits in the Decimal; show it with toFixed(2).
    expect(hazardRate('700', [{ id: 1, margin: '300', pnl: '-1' }]).toFixed(2)).toBe('333.00');
  });
});

describe('margin call and opening', () => {
  const ps: HeldPosition[] = [{ id: 1, margin: '1000', pnl: '-500' }];
  it.each([
    // 999.99 / 1000 = 99.999 %, shown as 100.00: the check uses the shown 2-place rate.
    { balance: '499.99', cost: '0', expected: undefined },
    { balance: '499.94', cost: '0', expected: 'margin_call' }, // 99.994 % -> 99.99
    // 100 % before the order, but the cash it takes leaves (0 + 1000 - 500) / 1000 = 50 %.
    { balance: '500', cost: '500', expected: 'margin_call' },
    // 1000 of cash left: (1000 + 1000 - 500) / 1000 = 150 %.
    { balance: '1500', cost: '500', expected: undefined },
    { balance: '500', cost: '500.01', expected: 'insufficient_balance' },
  ])('balance $balance, cost $cost -> $expected', ({ balance, cost, expected }) => {
    expect(openRefusal(balance, ps, { margin: cost, fee: 0 })).toBe(expected);
  });

  it('counts the new position itself, at its opening loss', () => {
    // After: cash 100, margins 1000 + 900, P&L -500 - 20: (100 + 1900 - 520) / 1900 = 77.89 %.
    const opening = { id: 2, margin: '900', pnl: '-20' };
    expect(openRefusal('1000', ps, { margin: '900', fee: 0 }, opening)).toBe('margin_call');
    // Without the old loser: (100 + 900 - 20) / 900 = 108.89 %.
    expect(openRefusal('1000', [], { margin: '900', fee: 0 }, opening)).toBeUndefined();
  });

  it('an empty account is never in margin call; it needs only the cash', () => {
    expect(openRefusal('10', [], { margin: '9', fee: '1' })).toBeUndefined();
    expect(openRefusal('10', [], { margin: '9', fee: '1.01' })).toBe('insufficient_balance');
  });
});

describe('stop-out', () => {
  it('closes the most-losing first, re-checks, and stops above the level', () => {
    const ps: HeldPosition[] = [
      { id: 'a', margin: '1000', pnl: '-100' },
      { id: 'b', margin: '1000', pnl: '-900' },
      { id: 'c', margin: '1000', pnl: '50' },
    ];
    // balance 400: equity 400 + 3000 - 950 = 2450 -> 81.67 %, fine at 50 %.
    expect(stopOutOrder('400', ps)).toEqual([]);
    // balance -1000: equity 1050 -> 35 %; close b -> 52.5 %: above 50, stop.
    expect(stopOutOrder('-1000', ps)).toEqual(['b']);
    // balance -1600: equity 450 -> 15 %; close b -> 22.5 %; close a -> 45 %; close c.
    expect(stopOutOrder('-1600', ps)).toEqual(['b', 'a', 'c']);
    // At the level exactly it stops out: equity 1500 -> 50 %.
    expect(stopOutOrder('-550', ps)).toEqual(['b']);
    expect(stopOutOrder('-550', ps, 40)).toEqual([]);
  });

  it('ties keep the given order', () => {
    const ps: HeldPosition[] = [
      { id: 2, margin: '100', pnl: '-60' },
      { id: 1, margin: '100', pnl: '-60' },
    ];
    expect(stopOutOrder('0', ps)).toEqual([2]);
    expect(stopOutOrder('-50', ps)).toEqual([2, 1]);
  });

  it('always closes the most-losing first and never returns an id twice', () => {
    fc.assert(
      fc.property(cash, positions, fc.integer({ min: 0, max: 100 }), (balance, ps, level) => {
        const ids = stopOutOrder(balance, ps, level);
        expect(new Set(ids).size).toBe(ids.length);
        const byId = new Map(ps.map((p) => [p.id, p]));
        const closed = ids.map((id) => byId.get(id)!);
        expect(closed.every(Boolean)).toBe(true);
        const remaining = ps.filter((p) => !ids.includes(p.id));
        // Each close was the worst one still open at that moment.
        closed.forEach((p, i) => {
          const stillOpen = [...closed.slice(i + 1), ...remaining];
          expect(stillOpen.every((q) => dec(q.pnl).gte(dec(p.pnl)))).toBe(true);
        });
        // It stops exactly when the account is safe (or empty), and not before.
        let freeCash = dec(balance);
        const open = [...ps];
        for (const p of closed) {
          expect(isStopOut(freeCash, open, level)).toBe(true);
          freeCash = freeCash.plus(p.margin).plus(p.pnl);
          open.splice(open.indexOf(p), 1);
        }
        expect(isStopOut(freeCash, remaining, level)).toBe(false);
        // Closing moves margin + P&L into the cash: equity is unchanged.
        expect(equity(freeCash, remaining).eq(equity(balance, ps))).toBe(true);
      }),
    );
  });
});

describe('negative balance protection', () => {
  it.each([
    { balance: '-123.45', after: '0', house: '123.45' },
    { balance: '0', after: '0', house: '0' },
    { balance: '10', after: '10', house: '0' },
  ])('$balance -> $after, house books $house', ({ balance, after, house }) => {
    const r = negativeBalanceProtection(balance);
    expect(r.balance.eq(after)).toBe(true);
    expect(r.houseLoss.eq(house)).toBe(true);
  });
});
