import { session as sessionSchema, type Session } from '../../../contract/session';

/** What the client keeps between visits (spec section 3): language, demo uuid, token (with the user), company id. */
const KEYS = { session: 'td.session', demoId: 'td.demoId', language: 'td.language', balanceHidden: 'td.balanceHidden', theme: 'td.theme' } as const;
/** The stored session's key: another tab's logout removes it (a storage event here). */
export const SESSION_KEY = KEYS.session;
const COMPANY_COOKIE_SECONDS = 3 * 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | undefined) {
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
  /**
   * The device's demo client id, a random UUID made once. An id of the older short form is replaced:
   * the server takes only UUIDs, so that device starts a new demo account.
   */
  demoId(): string {
    const existing = read(KEYS.demoId);
    if (existing && UUID.test(existing)) return existing;
    const id = crypto.randomUUID();
    write(KEYS.demoId, id);
    return id;
  },
  language: () => read(KEYS.language) ?? undefined,
  setLanguage: (code: string) => write(KEYS.language, code),
  /** The company last opened in the directory: a cookie of three years (spec section 9). */
  setCompanyId(id: number) {
    document.cookie = `company_id=${id}; max-age=${COMPANY_COOKIE_SECONDS}; path=/; SameSite=Lax`;
  },
  /** 'light' or 'dark' when the trader chose one; anything else follows the system. */
  theme: () => read(KEYS.theme) ?? undefined,
  setTheme: (theme: string | undefined) => write(KEYS.theme, theme),
  balanceHidden: () => read(KEYS.balanceHidden) === '1',
  setBalanceHidden: (hidden: boolean) => write(KEYS.balanceHidden, hidden ? '1' : undefined),
};
