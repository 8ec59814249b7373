import { FormattedMessage } from 'react-intl';

/** What a screen shows when its load failed: says so, offers to try again. */
export function Retry({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="empty">
      <p><FormattedMessage id="common.loadFailed" /></p>
      <button type="button" className="btn secondary" onClick={onRetry}><FormattedMessage id="common.retry" /></button>
    </div>
  );
}
