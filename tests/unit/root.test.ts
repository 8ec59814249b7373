import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { Session } from '../../contract/account';
import type { Category, Product } from '../../contract/market';
import { BALANCE, DAY_MARKET, FOREX_CLOSED, FOREX_TRADE } from '../../contract/socket';
import type { sessionMachine } from '../../machines/accounts/session';
import { productListMachine } from '../../machines/market/product-list';
import { rootMachine, type PageSignal } from '../../machines/root';
import type { socketMachine } from '../../machines/shared/socket';

const real: Session = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0, invite_code: 'ABCD2345', token: 't1' };

const product = (MarketStatus: 1 | 2) => ({
  Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '', CategoryId: 1, MarketStatus, PricePrecision: 5, Pip: 0.01,
  ForexMinCont: 0.01, ForexMaxCont: 50, ForexContNum: 100000, MarginMode: 2, ForexFeeRate: 5, HasForexMultiple: [],
  ForexQuotations: { Open: 1.08, Close: 1.085, High: 1.09, Low: 1.08, Change: 0.1, Volume: 1 },
});

/** The root with inert children's I/O; page signals sent by hand; `listed`: what the quotes list loads. */
function root(session?: Session, listed: { products: Product[] } = { products: [] }) {
  let signal: ((event: PageSignal) => void) | undefined;
  const actor = createActor(rootMachine.provide({
    actors: {
      pageSignals: fromCallback<PageSignal>(({ sendBack }) => void (signal = sendBack)),
      productList: productListMachine.provide({ actors: { loadList: fromPromise(async () => ({ categories: [] as Category[], ...listed })) } }),
    },
  }), { input: { session } }).start();
  return {
    actor,
    session: () => actor.system.get('session') as ActorRefFrom<typeof sessionMachine>,
    socket: () => actor.system.get('socket') as ActorRefFrom<typeof socketMachine>,
    productList: () => actor.system.get('productList') as ActorRefFrom<typeof productListMachine>,
    signal: (event: PageSignal) => signal!(event),
  };
}

describe('root actor', () => {
  it('keeps the session, the socket and the quotes list, found by systemId', () => {
    const { session, socket, productList } = root(real);
    expect(session().getSnapshot().matches({ signedIn: 'real' })).toBe(true);
    expect(socket().getSnapshot().context).toMatchObject({ token: 't1', topics: [DAY_MARKET, FOREX_TRADE, FOREX_CLOSED, BALANCE] });
    expect(socket().getSnapshot().matches('idle')).toBe(true);
    // Nothing is loaded until a screen that lists products asks.
    expect(productList().getSnapshot().matches('idle')).toBe(true);
  });

  it('a visitor starts without a token', () => {
    const { session, socket } = root();
    expect(session().getSnapshot().matches('loggedOut')).toBe(true);
    expect(socket().getSnapshot().context.token).toBeUndefined();
  });

  it('the socket hears of every new token: login, another account, expiry', () => {
    const { session, socket } = root();
    session().send({ type: 'SESSION.START', session: real });
    expect(socket().getSnapshot().context.token).toBe('t1');
    session().send({ type: 'SESSION.START', session: { ...real, id: 2, is_demo: 1, token: 't2' } });
    expect(socket().getSnapshot().context.token).toBe('t2');
    session().send({ type: 'SESSION.EXPIRE', from: '/order' });
    expect(socket().getSnapshot().context.token).toBeUndefined();
  });

  it('a live socket reconnects once for a new token, with it', () => {
    const { session, socket } = root();
    socket().send({ type: 'SOCKET.START' });
    socket().send({ type: 'SOCKET.OPENED' });
    expect(socket().getSnapshot().matches({ connected: 'live' })).toBe(true);
    session().send({ type: 'SESSION.START', session: real });
    expect(socket().getSnapshot().matches({ connected: 'connecting' })).toBe(true);
    expect(socket().getSnapshot().context.token).toBe('t1');
  });

  it('back online or visible again: a waiting socket reconnects at once', () => {
    const { socket, signal } = root();
    socket().send({ type: 'SOCKET.START' });
    socket().send({ type: 'SOCKET.CLOSED' });
    expect(socket().getSnapshot().matches('reconnecting')).toBe(true);
    signal({ type: 'NETWORK.ONLINE' });
    expect(socket().getSnapshot().matches('connected')).toBe(true);
    socket().send({ type: 'SOCKET.CLOSED' });
    signal({ type: 'PAGE.VISIBLE' });
    expect(socket().getSnapshot().matches('connected')).toBe(true);
  });

  it('offline: a live socket stops at once, without waiting for unanswered pings', () => {
    const { socket, signal } = root();
    socket().send({ type: 'SOCKET.START' });
    socket().send({ type: 'SOCKET.OPENED' });
    expect(socket().getSnapshot().matches({ connected: 'live' })).toBe(true);
    signal({ type: 'NETWORK.OFFLINE' });
    expect(socket().getSnapshot().matches('reconnecting')).toBe(true);
  });

  it('the socket expects quotes while a listed product is open, and not when every one is closed', async () => {
    const open = root(undefined, { products: [product(2), product(1)] });
    expect(open.socket().getSnapshot().context.quotesExpected).toBe(false);
    open.productList().send({ type: 'LIST.REFRESH' });
    await waitFor(open.productList(), (s) => s.matches('ready'));
    expect(open.socket().getSnapshot().context.quotesExpected).toBe(true);

    const closed = root(undefined, { products: [product(2)] });
    closed.productList().send({ type: 'LIST.REFRESH' });
    await waitFor(closed.productList(), (s) => s.matches('ready'));
    expect(closed.socket().getSnapshot().context.quotesExpected).toBe(false);
  });
});
