import { languageStore } from '../../shared/i18n/language-store';

/** The content screens' strings, loaded with the first of them (top-level await in each screen module). */
export const contentMessages = languageStore.addArea(import.meta.glob<Record<string, string>>('./messages/*.json', { import: 'default' }));
