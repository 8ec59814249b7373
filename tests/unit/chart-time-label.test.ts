import { describe, expect, it } from 'vitest';
import type { Candle } from '../../contract/market';
import { formattingLocale } from '../../contract/fields';
import { timeLabelIn } from '../../src/features/trading/trade/time-label';

// 2026-11-27 19:30 UTC is 14:30 on the 27th in New York.
const at = Date.UTC(2026, 10, 27, 19, 30);
// The day candle of the 27th starts at 17:00 New York the evening before (TRADING-RULES).
const dayOf27th = Date.UTC(2026, 10, 26, 22);
const candle = (Period: Candle['Period'], Time = Period === '1day' ? dayOf27th : at): Candle => ({ Period, Time, Open: 1, High: 1, Low: 1, Close: 1, Volume: 0 });

describe('the chart\'s time labels', () => {
  it('write the New York date in the reader\'s order and digits', () => {
    expect(timeLabelIn(formattingLocale('de'))(candle('1day'))).toBe('27.11.');
    expect(timeLabelIn(formattingLocale('en'))(candle('1day'))).toBe('11/27');
    expect(timeLabelIn(formattingLocale('fr'))(candle('1day'))).toBe('27/11');
    // Latin digits, as every number of the app.
    expect(timeLabelIn(formattingLocale('ar'))(candle('1day'))).toMatch(/^27.?\/.?11$/);
  });

  it('name a day candle by its trading day: Sunday evening\'s session is Monday\'s, across a change of clocks too', () => {
    const en = timeLabelIn(formattingLocale('en'));
    expect(en(candle('1day', Date.UTC(2026, 10, 22, 22)))).toBe('11/23');
    // 17:00 EDT on Saturday 31 October, then 17:00 EST on Sunday 1 November (a day of 25 hours).
    expect(en(candle('1day', Date.UTC(2026, 9, 31, 21)))).toBe('11/01');
    expect(en(candle('1day', Date.UTC(2026, 10, 1, 22)))).toBe('11/02');
  });

  it('write the New York time on a 24-hour clock in every language', () => {
    for (const lang of ['en', 'de', 'ar', 'hi'] as const) expect(timeLabelIn(formattingLocale(lang))(candle('15min'))).toMatch(/^14[:.]30$/);
  });
});
