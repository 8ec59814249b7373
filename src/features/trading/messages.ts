import { languageStore } from '../../shared/i18n/language-store';

/** The trading screens' strings, loaded with the first of them (top-level await in each screen module). */
export const tradingMessages = languageStore.addArea(import.meta.glob<Record<string, string>>('./messages/*.json', { import: 'default' }));
