import type { Candle } from '../../../../contract/market';

const timeLabels = new Map<string, (c: Candle) => string>();
/**
 * A candle's time as its label shows it: New York time, the date in the reader's order (28.11. in
 * German, 11/28 in English). Each candle's label is made once per language (a pan frame asks again).
 */
export function timeLabelIn(locale: string): (c: Candle) => string {
  let label = timeLabels.get(locale);
  if (!label) {
    const time = new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const date = new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', month: '2-digit', day: '2-digit' });
    const made = new WeakMap<Candle, string>();
    label = (c) => {
      let text = made.get(c);
      if (text === undefined) made.set(c, (text = (c.Period === '1day' ? date : time).format(c.Time)));
      return text;
    };
    timeLabels.set(locale, label);
  }
  return label;
}
