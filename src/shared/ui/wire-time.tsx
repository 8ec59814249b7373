import { useIntl } from 'react-intl';

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/**
 * New York's zone as the locale names it at that moment ("EST", "EDT", "GMT-5"). The wall time read
 * as UTC and five hours on is the moment itself in winter and an hour after it in summer, so the two
 * are told apart but within an hour of a change.
 */
function newYorkZone(wallTime: string, locale: string): string {
  const at = Date.parse(`${wallTime.replace(' ', 'T')}Z`) + 5 * 3_600_000;
  if (Number.isNaN(at)) return '';
  let format = zoneNames.get(locale);
  if (!format) zoneNames.set(locale, (format = new Intl.DateTimeFormat(locale, { timeZone: 'America/New_York', timeZoneName: 'short' })));
  return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * A time as the server writes it: New York's wall clock (the chart's zone, spec section 9), with the
 * zone named. Without it a trader elsewhere read 14:55 as their own clock's, five hours off.
 */
export function WireTime({ value }: { value: string }) {
  const { locale } = useIntl();
  const zone = newYorkZone(value, locale);
  return <time dir="ltr">{value}{zone && ` ${zone}`}</time>;
}
