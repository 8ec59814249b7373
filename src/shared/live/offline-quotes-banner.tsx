import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { offlineQuotes } from './offline-quotes';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** When the prices on screen were last live, while they are the phone's kept ones and no socket is live. */
export function useOfflineAsOf(live: boolean): Date | undefined {
  const asOf = useSyncExternalStore(offlineQuotes.subscribe, offlineQuotes.shownAsOf);
  return asOf === undefined || live ? undefined : new Date(asOf);
}

/**
 * "Offline — prices as of 14:05 GMT+8": the day too when the prices are older than today. The
 * phone's own time, named, as the app's other times (New York's) name theirs.
 */
export function OfflineQuotesBanner({ asOf }: { asOf: Date }) {
  const intl = useIntl();
  const clock = { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } as const;
  const time = sameDay(asOf, new Date())
    ? intl.formatTime(asOf, clock)
    : intl.formatDate(asOf, { month: 'short', day: 'numeric', ...clock });
  return (
    <div className="conn-banner offline" role="status" data-testid="offline-quotes">
      <FormattedMessage id="live.offline" values={{ time }} />
    </div>
  );
}
