import { storage } from '../storage/storage';
import { listeners } from '../flow/listeners';

/** The colour theme: the system's (the default), or one the trader chose in /user. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const isTheme = (value: string | undefined): value is Theme => THEMES.includes(value as Theme);
let current: Theme = 'system';
const { subscribe, tell } = listeners();

/** theme.css reads `data-theme` on the root; without it the system's preference decides. */
function apply(theme: Theme) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export const themeStore = {
  /** The stored choice, applied once at start. */
  init() {
    const stored = storage.theme();
    current = isTheme(stored) ? stored : 'system';
    apply(current);
  },
  get: () => current,
  set(theme: Theme) {
    current = theme;
    storage.setTheme(theme === 'system' ? undefined : theme);
    apply(theme);
    tell();
  },
  subscribe,
};
