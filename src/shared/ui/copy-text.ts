import { t } from '../i18n/intl';
import { toastStore } from './toast-store';

/** Copies an address, a bank detail or a link and says so ("copy success", spec section 8). */
export function copyText(text: string) {
  void navigator.clipboard?.writeText(text).then(() => toastStore.show(t('common.copied')), () => {});
}
