import { languageStore } from '../../shared/i18n/language-store';

/** The ranking's strings, loaded with its screen (top-level await in the screen module). */
export const rankingMessages = languageStore.addArea(import.meta.glob<Record<string, string>>('./messages/*.json', { import: 'default' }));
