import { go } from './navigation';

/**
 * Back in history, or to `orTo` (home) when no screen of the app lies behind this one: the depth that
 * screen-depth.ts keeps in each entry's state (read here, not imported, so that its module loads on
 * its own right after the first paint).
 */
export const back = (orTo = '/') => (((history.state as { depth?: number } | null)?.depth ?? 0) > 0 ? history.back() : go(orTo, true));

/**
 * Leaves a finished screen (a login, a new password) for `to`: back in history when `to` is the
 * screen just behind, so Back then does not show it a second time; else in this screen's place.
 */
export function leaveFor(to: string): void {
  const place = history.state as { depth?: number; behind?: string } | null;
  if ((place?.depth ?? 0) > 0 && place?.behind === to) history.back();
  else go(to, true);
}
