import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { offlineQuotes } from './offline-quotes';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** When the prices on screen were last live, while they are the phone's kept ones and no socket is live. */
export function useOfflineAsOf(live: boolean): Date | undefined {
  const asOf = useSyncExternalStore(offlineQuotes.subscribe, offlineQuotes.shownAsOf);
  return asOf === undefined || live ? undefined : new Date(asOf);
}

/** "Offline — prices as of 14:05": the day too when the prices are older than today. */
export function OfflineQuotesBanner({ asOf }: { asOf: Date }) {
  const intl = useIntl();
  const time = sameDay(asOf, new Date())
    ? intl.formatTime(asOf, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(asOf, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (
    <div className="conn-banner offline" role="status" data-testid="offline-quotes">
      <FormattedMessage id="live.offline" values={{ time }} />
    </div>
  );
}
