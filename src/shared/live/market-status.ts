import { listeners } from '../flow/listeners';

const { subscribe, tell } = listeners();

/** An instrument opened or closed (the socket's MARKET_STATUS): whoever keeps the products' status hears it. */
export const marketStatusFeed = { changed: tell, subscribe };
