import { FormattedMessage } from 'react-intl';
import { t } from '../../shared/i18n/intl';
import { toastStore } from '../../shared/ui/toast-store';

/** Copies a link or an address and says so ("copy success", spec section 8). */
export function copyText(text: string) {
  void navigator.clipboard?.writeText(text).then(() => toastStore.show(t('common.copied')), () => {});
}

/** What a screen shows when its load failed: says so, offers to try again. */
export function Retry({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="empty">
      <p><FormattedMessage id="common.loadFailed" /></p>
      <button type="button" className="btn secondary" onClick={onRetry}><FormattedMessage id="common.retry" /></button>
    </div>
  );
}
