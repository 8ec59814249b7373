import './screens.css';
import { languageStore } from '../i18n/language-store';
import { keepFocusThroughDisabling } from '../ui/focus-keeper';

/**
 * The shared strings and styles of every screen but home, which the first paint does without:
 * every other route waits for this module (src/app/routes.ts), so they arrive with the first of them.
 */
export const screensMessages = languageStore.addArea(import.meta.glob<Record<string, string>>('./messages/*.json', { import: 'default' }));

// Forms are on these screens: a control they disable while it works gives the focus back after.
keepFocusThroughDisabling();
