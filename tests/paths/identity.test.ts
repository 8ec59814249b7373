import type { RealName } from '../../contract/identity';
import { identityMachine } from '../../machines/identity/identity';
import { pathSuite } from './runner';

const record = (over: Partial<RealName>): RealName => ({
  name: 'Ann Lee', card_id: '12****89', front_pic: '/uploads/f.png', reverse_pic: '/uploads/b.png', status: 0, review_status: 0, ...over,
});

pathSuite('identity', {
  machine: identityMachine,
  events: [
    { type: 'NAME.CHANGE', value: 'Ann Lee' },
    { type: 'CARD.CHANGE', value: 'X1234567' },
    { type: 'FRONT.UPLOADED', url: '/uploads/f.png' },
    { type: 'FRONT.CLEARED' },
    { type: 'BACK.UPLOADED', url: '/uploads/b.png' },
    { type: 'BACK.CLEARED' },
    { type: 'IDENTITY.SUBMIT' },
    { type: 'RETRY' },
  ],
  outputs: {
    loadCenter: [
      record({}),
      record({ status: 1, review_status: 1 }),
      record({ status: 2, review_status: 2 }),
      record({ status: 0, review_status: 3, reason: 'blurred', attempts_left: 2 }),
      record({ status: 0, review_status: 3, attempts_left: 0 }),
    ],
    // Read again while under review: still waiting, approved, or rejected.
    reread: [
      record({ status: 1, review_status: 1 }),
      record({ status: 2, review_status: 2 }),
      record({ status: 0, review_status: 3, reason: 'blurred', attempts_left: 2 }),
    ],
  },
  realChildren: ['front', 'back', 'frontUpload', 'backUpload'],
  project: (c) => [c.center?.status ?? null, c.center?.review_status ?? null, c.center?.attempts_left ?? null, c.name ? 1 : 0, c.cardId ? 1 : 0, c.frontUrl ? 1 : 0, c.backUrl ? 1 : 0, c.problem ?? null],
});
