import { navigate } from 'wouter/use-browser-location';
import { queryParams as queryOf } from './paths';

export { hashRoute, loginPath, safeReturn } from './paths';

/** Current path with its query, as `from` carries it. */
export const currentPath = () => `${location.pathname}${location.search}`;

export const go = (to: string, replace = false) => navigate(to, { replace });

/** The query of the current address, hash part included. */
export const queryParams = () => queryOf(location);

/** History entries that existed before the app started: going back past them leaves the app. */
const entriesAtStart = typeof history === 'undefined' ? 0 : history.length;

/** Back in history, or to `orTo` (home) when the screen was the first the app showed. */
export const back = (orTo = '/') => (history.length > entriesAtStart ? history.back() : go(orTo, true));
