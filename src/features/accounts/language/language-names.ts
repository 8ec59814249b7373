import type { Language } from '../../../../contract/fields';

/** Each language's own name, for the picker (here, not in shared/i18n, so the first paint does without them). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  hk: '繁體中文', en: 'English', jp: '日本語', kr: '한국어', th: 'ไทย', vn: 'Tiếng Việt', fr: 'Français',
  de: 'Deutsch', ru: 'Русский', spa: 'Español', pt: 'Português', ar: 'العربية', it: 'Italiano',
  tr: 'Türkçe', id: 'Bahasa Indonesia', my: 'Bahasa Melayu', hi: 'हिन्दी', cs: 'Čeština', fa: 'فارسی',
  fi: 'Suomi', et: 'Eesti',
};
