import type { EventFromLogic } from 'xstate';
import { rootMachine } from '../../machines/root';
import { pathSuite } from './runner';

const real = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0 as const, invite_code: 'ABCD2345', token: 't1' };

// The children stay real (their own I/O inert); the session's report of a new snapshot is offered
// as the event the root receives from it.
const sessionReport = { type: 'xstate.snapshot.session', snapshot: { context: { session: real, returnTo: undefined } } } as unknown as EventFromLogic<typeof rootMachine>;

pathSuite('root', {
  machine: rootMachine,
  inputs: [{}, { session: real }],
  events: [{ type: 'NETWORK.ONLINE' }, { type: 'NETWORK.OFFLINE' }, { type: 'PAGE.VISIBLE' }, sessionReport],
  realChildren: ['session', 'socket', 'productList', 'pageSignals'],
  project: (c) => c.storedSession?.id ?? null,
});
