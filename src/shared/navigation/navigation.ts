import { navigate } from 'wouter/use-browser-location';
import { queryParams as queryOf } from './paths';

export { hashRoute, loginPath, withReturn } from './paths';

/** Current path with its query, as `from` carries it. */
export const currentPath = () => `${location.pathname}${location.search}`;

export const go = (to: string, replace = false) => navigate(to, { replace });

/** The query of the current address, hash part included. */
export const queryParams = () => queryOf(location);
