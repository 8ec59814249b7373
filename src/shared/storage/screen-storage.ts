import { read, write } from './storage';

const KEYS = { demoId: 'td.demoId', balanceHidden: 'td.balanceHidden' } as const;
const COMPANY_COOKIE_SECONDS = 3 * 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What later screens keep between visits (spec section 3): the demo uuid, the company id, a hidden balance. */
export const screenStorage = {
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
  /** The company last opened in the directory: a cookie of three years (spec section 9). */
  setCompanyId(id: number) {
    document.cookie = `company_id=${id}; max-age=${COMPANY_COOKIE_SECONDS}; path=/; SameSite=Lax`;
  },
  balanceHidden: () => read(KEYS.balanceHidden) === '1',
  setBalanceHidden: (hidden: boolean) => write(KEYS.balanceHidden, hidden ? '1' : undefined),
};
