import { demoMachine } from '../../machines/accounts/demo';
import { pathSuite } from './runner';

const session = { id: 2, uid: '10000002', email: '', is_demo: 1 as const, invite_code: 'ABCD2345', token: 't' };

pathSuite('demo', {
  machine: demoMachine,
  input: { demoId: 'c0ffee00-1111-4222-8333-444455556666' },
  events: [{ type: 'DEMO.START' }],
  outputs: { createDemo: [session] },
});
