import { go } from './navigation';

/**
 * Back in history, or to `orTo` (home) when no screen of the app lies behind this one: the depth that
 * screen-depth.ts keeps in each entry's state (read here, not imported, so that its module loads on
 * its own right after the first paint).
 */
export const back = (orTo = '/') => (((history.state as { depth?: number } | null)?.depth ?? 0) > 0 ? history.back() : go(orTo, true));
