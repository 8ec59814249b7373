import { describe, expect, it } from 'vitest';
import type { Candle } from '../../contract/market';
import { formattingLocale } from '../../contract/fields';
import { timeLabelIn } from '../../src/features/trading/trade/time-label';

// 2026-11-27 19:30 UTC is 14:30 on the 27th in New York.
const at = Date.UTC(2026, 10, 27, 19, 30);
const candle = (Period: Candle['Period']): Candle => ({ Period, Time: at, Open: 1, High: 1, Low: 1, Close: 1, Volume: 0 });

describe('the chart\'s time labels', () => {
  it('write the New York date in the reader\'s order and digits', () => {
    expect(timeLabelIn(formattingLocale('de'))(candle('1day'))).toBe('27.11.');
    expect(timeLabelIn(formattingLocale('en'))(candle('1day'))).toBe('11/27');
    expect(timeLabelIn(formattingLocale('fr'))(candle('1day'))).toBe('27/11');
    // Latin digits, as every number of the app.
    expect(timeLabelIn(formattingLocale('ar'))(candle('1day'))).toMatch(/^27.?\/.?11$/);
  });

  it('write the New York time on a 24-hour clock in every language', () => {
    for (const lang of ['en', 'de', 'ar', 'hi'] as const) expect(timeLabelIn(formattingLocale(lang))(candle('15min'))).toMatch(/^14[:.]30$/);
  });
});
