import { describe, expect, it } from 'vitest';
import { figuresOf, maskedName, ranksAbove, WINDOW_DAYS, type TraderHistory } from '../../server/ranking/figures';

const history = (over: Partial<TraderHistory>): TraderHistory => ({
  days: [], totalTrades: 0, totalNet: '0', netBefore: '0', inBefore: '0', inSince: '0', outSince: '0', ...over,
});

describe('ranking figures', () => {
  it('earns the return on the capital at the window start plus what was paid in since', () => {
    const f = figuresOf(history({
      days: [{ day: 2, trades: 3, wins: 2, net: '300', leverageSum: 300 }, { day: 20, trades: 1, wins: 0, net: '-100', leverageSum: 20 }],
      totalTrades: 6, totalNet: '400', netBefore: '8000', inBefore: '8000', inSince: '1800', outSince: '500',
    }));
    // 200 on 8,000 + 200 (closed before) + 1,800, a withdrawal not shrinking the base; ever: 400 on 9,800 paid in.
    expect(f).toMatchObject({ threeWeekRate: 2, threeWeekWin: 50, threeWeekProfit: '200.00', multiple: 80, totalRate: 4.08, totalTradeNum: 6 });
    expect(f.curve).toHaveLength(WINDOW_DAYS);
    expect([f.curve[1], f.curve[2], f.curve[19], f.curve[20]]).toEqual([0, 300, 300, 200]);
  });

  it('answers 0 rather than dividing by nothing', () => {
    expect(figuresOf(history({ days: [{ day: 0, trades: 1, wins: 1, net: '10', leverageSum: 10 }] }))).toMatchObject({ threeWeekRate: 0, totalRate: 0 });
  });

  it('ranks by return, then profit', () => {
    const a = figuresOf(history({ days: [{ day: 0, trades: 1, wins: 1, net: '10', leverageSum: 1 }], totalNet: '10', inSince: '100' }));
    const b = figuresOf(history({ days: [{ day: 0, trades: 1, wins: 1, net: '20', leverageSum: 1 }], totalNet: '20', inSince: '200' }));
    expect(a.threeWeekRate).toBe(b.threeWeekRate);
    expect([a, b].sort(ranksAbove)).toEqual([b, a]);
  });

  it('masks the name and never shows the domain', () => {
    expect(maskedName('rankedtrader@example.com', '10000001')).toBe('ra***er');
    expect(maskedName('abcd@example.com', '10000001')).toBe('a***d');
    expect(maskedName('ab@example.com', '10000001')).toBe('a***');
    expect(maskedName(null, '10000042')).toBe('***0042');
  });
});
