import { fromCallback, sendTo, setup } from 'xstate';
import { isMarketOpen } from '../contract/market';
import type { Session } from '../contract/session';
import { BALANCE, DAY_MARKET, FOREX_CLOSED, FOREX_TRADE } from '../contract/socket';
import { sessionMachine } from './accounts/session';
import { productListMachine } from './market/product-list';
import { socketMachine } from './shared/socket';

/**
 * The client's one root actor: it keeps the long-lived actors every screen shares, each known to
 * the actor system by a `systemId` (`session`, `socket`, `productList`), and wires them together:
 * a new session token reaches the socket, and so do the page's signals (offline, back online,
 * visible again) and whether any listed product is open. It composes features, so it lives beside them
 * rather than in machines/shared/.
 */
export type PageSignal = { type: 'NETWORK.ONLINE' } | { type: 'NETWORK.OFFLINE' } | { type: 'PAGE.VISIBLE' };

/**
 * The market topic is always on; the account topics are refused until a login succeeds, and the
 * socket subscribes again after each login.
 */
export const ALWAYS_ON_TOPICS = [DAY_MARKET, FOREX_TRADE, FOREX_CLOSED, BALANCE];

export const rootMachine = setup({
  types: {
    /** `session`: the one kept from the last visit. */
    input: {} as { session?: Session },
    context: {} as { storedSession: Session | undefined },
    events: {} as PageSignal,
  },
  actors: {
    session: sessionMachine,
    socket: socketMachine,
    productList: productListMachine,
    /** Reports the page's signals (provided by the app: window and document events). */
    pageSignals: fromCallback<PageSignal>(() => () => {}),
  },
  actions: {
    tellSocketToken: sendTo('socket', (_, params: { token: string | undefined }) => ({ type: 'SESSION.TOKEN' as const, token: params.token })),
    tellSocket: sendTo('socket', ({ event }) => event),
    tellSocketMarket: sendTo('socket', (_, params: { open: boolean }) => ({ type: 'MARKET.EXPECTED' as const, open: params.open })),
  },
}).createMachine({
  id: 'root',
  context: ({ input }) => ({ storedSession: input.session }),
  invoke: [
    // The socket first: the session's first change already finds it.
    {
      id: 'socket',
      systemId: 'socket',
      src: 'socket',
      input: ({ context }) => ({ token: context.storedSession?.token, topics: ALWAYS_ON_TOPICS }),
    },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ session: context.storedSession }),
      // The socket's guard ignores a token it already has.
      onSnapshot: { actions: { type: 'tellSocketToken', params: ({ event }) => ({ token: event.snapshot.context.session?.token }) } },
    },
    {
      id: 'productList',
      systemId: 'productList',
      src: 'productList',
      // Whether quotes should be arriving, so that the socket can tell prices that stopped.
      onSnapshot: { actions: { type: 'tellSocketMarket', params: ({ event }) => ({ open: event.snapshot.context.products.some(isMarketOpen) }) } },
    },
    { id: 'pageSignals', src: 'pageSignals' },
  ],
  on: {
    // The page's signals, its only events besides its children's reports (handled where invoked).
    '*': { actions: 'tellSocket' },
  },
});
