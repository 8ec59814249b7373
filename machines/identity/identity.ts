import { assign, fromPromise, sendParent, setup } from 'xstate';
import { REAL_NAME_STATUS, REVIEW_STATUS, type RealName } from '../../contract/identity';
import { uploadMachine } from '../shared/upload';

/**
 * /mine/auth: the real-name form (name, ID number, front and back of the card) while nothing is
 * submitted or the last submission was rejected; a read-only view while it waits or once finished.
 */
/** Keys of the client catalogue (`problem.*`). */
export type IdentityProblem = 'name_required' | 'card_required' | 'images_required' | 'no_attempts';

export interface IdentityContext {
  center: RealName | undefined;
  name: string;
  cardId: string;
  frontUrl: string | undefined;
  backUrl: string | undefined;
  problem: IdentityProblem | undefined;
}

export type IdentityEvent =
  | { type: 'NAME.CHANGE'; value: string }
  | { type: 'CARD.CHANGE'; value: string }
  | { type: 'FRONT.UPLOADED'; url: string }
  | { type: 'FRONT.CLEARED' }
  | { type: 'BACK.UPLOADED'; url: string }
  | { type: 'BACK.CLEARED' }
  | { type: 'IDENTITY.SUBMIT' }
  | { type: 'RETRY' };

export interface RealNameRequest { name: string; card_id: string; front_pic: string; reverse_pic: string }

/** Nothing submitted yet, or the last submission was rejected: the form shows. */
export const showsForm = (r: RealName) => r.status === REAL_NAME_STATUS.none || r.review_status === REVIEW_STATUS.rejected;

/** What is missing from the form, if anything (the server checks it all again). */
export function identityProblem(c: IdentityContext): IdentityProblem | undefined {
  if (c.center?.attempts_left === 0) return 'no_attempts';
  if (!c.name.trim()) return 'name_required';
  if (!c.cardId.trim()) return 'card_required';
  if (!c.frontUrl || !c.backUrl) return 'images_required';
  return undefined;
}

export const realNameRequest = (c: IdentityContext): RealNameRequest => ({
  name: c.name.trim(), card_id: c.cardId.trim(), front_pic: c.frontUrl!, reverse_pic: c.backUrl!,
});

/** The two sides of the card, each telling this machine of its url. */
export const frontUpload = uploadMachine.provide({
  actions: {
    uploaded: sendParent((_, p: { url: string }) => ({ type: 'FRONT.UPLOADED', url: p.url })),
    cleared: sendParent({ type: 'FRONT.CLEARED' }),
  },
});
export const backUpload = uploadMachine.provide({
  actions: {
    uploaded: sendParent((_, p: { url: string }) => ({ type: 'BACK.UPLOADED', url: p.url })),
    cleared: sendParent({ type: 'BACK.CLEARED' }),
  },
});

export const identityMachine = setup({
  types: {
    context: {} as IdentityContext,
    events: {} as IdentityEvent,
    children: {} as { front: 'frontUpload'; back: 'backUpload' },
  },
  actors: {
    loadCenter: fromPromise<RealName>(async () => {
      throw new Error('loadCenter not provided');
    }),
    submit: fromPromise<unknown, RealNameRequest>(async () => {
      throw new Error('submit not provided');
    }),
    frontUpload,
    backUpload,
  },
  actions: {
    // A rejected submission comes back as it was sent (number and pictures too), to be corrected.
    setCenter: assign(({ context }, p: { center: RealName }) => {
      const rejected = p.center.review_status === REVIEW_STATUS.rejected;
      return {
        center: p.center,
        name: context.name || (rejected ? p.center.name : ''),
        cardId: context.cardId || (rejected ? p.center.card_id : ''),
        frontUrl: context.frontUrl ?? (rejected && p.center.front_pic ? p.center.front_pic : undefined),
        backUrl: context.backUrl ?? (rejected && p.center.reverse_pic ? p.center.reverse_pic : undefined),
      };
    }),
    editName: assign({ name: (_, p: { value: string }) => p.value, problem: undefined }),
    editCard: assign({ cardId: (_, p: { value: string }) => p.value, problem: undefined }),
    // A picture added or taken away is an edit too: the last refusal no longer describes the form.
    keepFront: assign({ frontUrl: (_, p: { url: string | undefined }) => p.url, problem: undefined }),
    keepBack: assign({ backUrl: (_, p: { url: string | undefined }) => p.url, problem: undefined }),
    markProblem: assign({ problem: ({ context }) => identityProblem(context) }),
  },
  delays: { REVIEW_READ_MS: 20_000 },
  guards: {
    showsForm: ({ context }) => context.center !== undefined && showsForm(context.center),
    underReview: ({ context }) => context.center?.review_status === REVIEW_STATUS.pending,
    incomplete: ({ context }) => identityProblem(context) !== undefined,
  },
}).createMachine({
  id: 'identity',
  context: { center: undefined, name: '', cardId: '', frontUrl: undefined, backUrl: undefined, problem: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCenter',
        src: 'loadCenter',
        onDone: { target: 'loaded', actions: { type: 'setCenter', params: ({ event }) => ({ center: event.output }) } },
        onError: 'failed',
      },
    },
    loaded: { always: [{ guard: 'showsForm', target: 'form' }, { target: 'review' }] },
    failed: { on: { RETRY: 'loading' } },
    form: {
      invoke: [
        { id: 'front', src: 'frontUpload', input: ({ context }) => ({ url: context.frontUrl }) },
        { id: 'back', src: 'backUpload', input: ({ context }) => ({ url: context.backUrl }) },
      ],
      on: {
        'NAME.CHANGE': { actions: { type: 'editName', params: ({ event }) => ({ value: event.value }) } },
        'CARD.CHANGE': { actions: { type: 'editCard', params: ({ event }) => ({ value: event.value }) } },
        'FRONT.UPLOADED': { actions: { type: 'keepFront', params: ({ event }) => ({ url: event.url }) } },
        'FRONT.CLEARED': { actions: { type: 'keepFront', params: { url: undefined } } },
        'BACK.UPLOADED': { actions: { type: 'keepBack', params: ({ event }) => ({ url: event.url }) } },
        'BACK.CLEARED': { actions: { type: 'keepBack', params: { url: undefined } } },
      },
      initial: 'editing',
      states: {
        editing: {
          on: { 'IDENTITY.SUBMIT': [{ guard: 'incomplete', actions: 'markProblem' }, { target: 'submitting' }] },
        },
        submitting: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => realNameRequest(context),
            // The server's message is toasted by the flow; the centre is read again and shows the waiting view.
            onDone: '#identity.loading',
            onError: 'editing',
          },
        },
      },
    },
    /**
     * Waiting for review or finished: read-only. While staff have it, the centre is read again now
     * and then, so their decision shows on the open screen (an approval moves no money: no push
     * tells of it); a failed read keeps what is shown.
     */
    review: {
      initial: 'watching',
      states: {
        watching: { after: { REVIEW_READ_MS: { guard: 'underReview', target: 'reading' } } },
        reading: {
          invoke: {
            id: 'reread',
            src: 'loadCenter',
            onDone: { target: '#identity.loaded', actions: { type: 'setCenter', params: ({ event }) => ({ center: event.output }) } },
            onError: 'watching',
          },
        },
      },
    },
  },
});
