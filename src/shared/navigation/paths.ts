/** Pure helpers about paths and queries (no browser globals, so they are unit-tested). */

/** `path?from=...`: a screen that signs in (login, register) and then returns to `from`. */
export const withReturn = (path: string, from: string | null) => (from && from !== '/' ? `${path}?from=${encodeURIComponent(from)}` : path);

/** `/login?from=...` for a path that needs a session. */
export const loginPath = (from: string) => withReturn('/login', from);

/**
 * Query values from the search part and from after the hash (`/#/register?invite_code=X`, the
 * form of the family's invite links), the hash winning.
 */
export function queryParams(loc: { search: string; hash: string }): URLSearchParams {
  const params = new URLSearchParams(loc.search);
  const q = loc.hash.indexOf('?');
  if (q >= 0) new URLSearchParams(loc.hash.slice(q + 1)).forEach((v, k) => params.set(k, v));
  return params;
}

/** A hash route (`#/register?x=1`) becomes the path route it names. */
export function hashRoute(loc: { hash: string }): string | undefined {
  return loc.hash.startsWith('#/') ? loc.hash.slice(1) : undefined;
}
