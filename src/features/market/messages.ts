import { languageStore } from '../../shared/i18n/language-store';

/** The company directory's strings, loaded with it (top-level await in its module). */
export const marketMessages = languageStore.addArea(import.meta.glob<Record<string, string>>('./messages/*.json', { import: 'default' }));
