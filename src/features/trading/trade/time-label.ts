import type { Candle } from '../../../../contract/market';

const timeLabels = new Map<string, (c: Candle) => string>();
/**
 * A day candle starts at 17:00 New York the evening before its trading day (Sunday evening is
 * Monday's session): 12 hours on is inside that day whatever the clocks did.
 */
const INTO_TRADING_DAY_MS = 12 * 3_600_000;
/**
 * A candle's time as its label shows it: New York time, the date in the reader's order (28.11. in
 * German, 11/28 in English); a day candle's, its trading day. Each candle's label is made once per
 * language (a pan frame asks again).
 */
export function timeLabelIn(locale: string): (c: Candle) => string {
  let label = timeLabels.get(locale);
  if (!label) {
    const time = new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const date = new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', month: '2-digit', day: '2-digit' });
    const made = new WeakMap<Candle, string>();
    label = (c) => {
      let text = made.get(c);
      if (text === undefined) made.set(c, (text = c.Period === '1day' ? date.format(c.Time + INTO_TRADING_DAY_MS) : time.format(c.Time)));
      return text;
    };
    timeLabels.set(locale, label);
  }
  return label;
}
