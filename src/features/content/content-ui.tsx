import { t } from '../../shared/i18n/intl';
import { toastStore } from '../../shared/ui/toast-store';

/** Copies a link or an address and says so ("copy success", spec section 8). */
export function copyText(text: string) {
  void navigator.clipboard?.writeText(text).then(() => toastStore.show(t('common.copied')), () => {});
}
