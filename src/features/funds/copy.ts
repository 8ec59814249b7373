import { t } from '../../shared/i18n/intl';
import { toastStore } from '../../shared/ui/toast-store';

/** Copies an address or bank detail and says so ("copy success", spec section 8). */
export function copyText(text: string) {
  void navigator.clipboard?.writeText(text).then(() => toastStore.show(t('common.copied')), () => {});
}
