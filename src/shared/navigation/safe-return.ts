/** Pure (no browser globals), so it is unit-tested; its own module, so only the screens that log in load it. */

/**
 * Only same-app paths are followed after login (never another origin): the path is read as a browser
 * reads it, where `//x`, `/\x` and `/<tab>/x` all name another host, and one it cannot read is not followed.
 */
export function safeReturn(from: string | null | undefined): string {
  try {
    return from?.startsWith('/') && new URL(from, 'http://app.invalid').host === 'app.invalid' ? from : '/';
  } catch {
    return '/';
  }
}
