import { session as sessionSchema, type Session } from '../../../contract/session';

/**
 * What the client keeps between visits (spec section 3) and the first paint reads: the session
 * (token and user), language and theme. What later screens keep is in `screen-storage.ts`.
 */
const KEYS = { session: 'td.session', language: 'td.language', theme: 'td.theme' } as const;
/** The stored session's key: another tab's logout removes it (a storage event here). */
export const SESSION_KEY = KEYS.session;

export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string | undefined) {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the app still works for this visit.
  }
}

export const storage = {
  session(): Session | undefined {
    try {
      const parsed = sessionSchema.safeParse(JSON.parse(read(KEYS.session) ?? 'null'));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
  setSession: (value: Session | undefined) => write(KEYS.session, value ? JSON.stringify(value) : undefined),
  language: () => read(KEYS.language) ?? undefined,
  setLanguage: (code: string) => write(KEYS.language, code),
  /** 'light' or 'dark' when the trader chose one; anything else follows the system. */
  theme: () => read(KEYS.theme) ?? undefined,
  setTheme: (theme: string | undefined) => write(KEYS.theme, theme),
};
