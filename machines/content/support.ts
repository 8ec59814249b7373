import { assign, fromPromise, setup } from 'xstate';

/** How the support link is used (base settings' `service_link_type`, spec section 2). */
export const SUPPORT_LINK_TYPE = { copy: 2, open: 3 } as const;

export interface SupportLink {
  service_link: string;
  service_link_type: number;
}

/** Who is talking, signed by the server so the support side can trust it. */
export interface SupportIdentity {
  uid: string;
  email: string;
  /** Unix seconds after which the support side no longer trusts it. */
  expires: number;
  signature: string;
}

/**
 * /mine/chat: reads the support link from the base settings; type 2 shows it with a copy action,
 * type 3 leaves for it, otherwise the chat frame opens, told who the user is when logged in.
 */
export const supportMachine = setup({
  types: {
    context: {} as { signedIn: boolean; link: SupportLink | undefined; identity: SupportIdentity | undefined },
    input: {} as { signedIn: boolean },
    events: {} as { type: 'RETRY' },
  },
  actors: {
    loadLink: fromPromise<SupportLink>(async () => {
      throw new Error('loadLink not provided');
    }),
    loadIdentity: fromPromise<SupportIdentity>(async () => {
      throw new Error('loadIdentity not provided');
    }),
  },
  actions: { openLink: (_, _params: { url: string }) => {} },
  guards: {
    // Only a web address is framed, shown or opened: a setting of another scheme is no link.
    hasWebLink: ({ context }) => /^https?:\/\//i.test(context.link?.service_link ?? ''),
    copiesLink: ({ context }) => context.link?.service_link_type === SUPPORT_LINK_TYPE.copy,
    opensLink: ({ context }) => context.link?.service_link_type === SUPPORT_LINK_TYPE.open,
    signedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: 'support',
  context: ({ input }) => ({ signedIn: input.signedIn, link: undefined, identity: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLink',
        src: 'loadLink',
        onDone: { target: 'deciding', actions: assign({ link: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    deciding: {
      always: [
        { guard: 'hasWebLink', target: 'choosing' },
        { target: 'unavailable' },
      ],
    },
    choosing: {
      always: [
        { guard: 'copiesLink', target: 'link' },
        { guard: 'opensLink', target: 'leaving' },
        { guard: 'signedIn', target: 'identifying' },
        { target: 'chat' },
      ],
    },
    identifying: {
      invoke: {
        id: 'loadIdentity',
        src: 'loadIdentity',
        onDone: { target: 'chat', actions: assign({ identity: ({ event }) => event.output }) },
        // Support still answers a visitor it cannot name.
        onError: 'chat',
      },
    },
    link: {},
    leaving: { entry: { type: 'openLink', params: ({ context }) => ({ url: context.link?.service_link ?? '' }) } },
    chat: {},
    unavailable: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
