import { createActor, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/accounts/session';
import type { productListMachine } from '../../../machines/market/product-list';
import { rootMachine } from '../../../machines/root';
import type { socketMachine } from '../../../machines/shared/socket';
import { actorOptions } from '../flow/inspector';
import { marketStatusFeed } from '../live/market-status';
import { pageSignals } from '../live/page-signals';
import { productListBinding } from '../live/product-list-binding';
import { socketBinding } from '../live/socket-binding';
import { sessionBinding } from '../session/session-binding';
import { storage } from '../storage/storage';

/**
 * The client's root actor with its I/O bound: the session, the socket and the quotes list live in
 * it for the whole visit, and everyone finds them through its actor system by `systemId`.
 */
const rootBinding = rootMachine.provide({
  actors: { session: sessionBinding, socket: socketBinding, productList: productListBinding, pageSignals },
});

let root: ActorRefFrom<typeof rootMachine> | undefined;

/** Started once by boot(), after the inspector is ready, so the inspector sees every actor. */
export function startRoot() {
  if (!root) {
    root = createActor(rootBinding, { input: { session: storage.session() }, ...actorOptions() }).start();
    // The list carries every product's status to the rows and the ticket: an opening or closing refreshes it.
    marketStatusFeed.subscribe(() => productListActor().send({ type: 'LIST.REFRESH' }));
  }
  return root;
}

function system() {
  if (!root) throw new Error('the root actor is started by boot() before the first screen');
  return root.system;
}

export const sessionActor = () => system().get('session') as ActorRefFrom<typeof sessionMachine>;
export const socketActor = () => system().get('socket') as ActorRefFrom<typeof socketMachine>;
export const productListActor = () => system().get('productList') as ActorRefFrom<typeof productListMachine>;
