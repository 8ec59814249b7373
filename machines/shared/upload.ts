import { assign, fromCallback, fromPromise, setup } from 'xstate';

/**
 * One image upload (deposit proof, ID card side): the picked file shows at once as a preview,
 * travels to the server, and the server's url is kept. A failed upload clears the picked image
 * (spec section 8). The owner learns of the url through the `uploaded` and `cleared` actions.
 * Given the url of a picture already on file (a rejected form shown again), it starts with it kept.
 */
export interface UploadContext {
  file: File | Blob | undefined;
  /** A local address of the picked file, made by the `preview` actor while the file is kept. */
  preview: string | undefined;
  url: string | undefined;
}

export type UploadEvent =
  | { type: 'UPLOAD.PICK'; file: File | Blob }
  | { type: 'UPLOAD.CLEAR' }
  | { type: 'PREVIEW.READY'; url: string };

const EMPTY: UploadContext = { file: undefined, preview: undefined, url: undefined };

export const uploadMachine = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent, input: {} as { url?: string } },
  actors: {
    upload: fromPromise<{ url: string }, { file: File | Blob }>(async () => {
      throw new Error('upload not provided');
    }),
    /** Sends PREVIEW.READY with a local address of the file, and frees it when the file is let go. */
    preview: fromCallback<UploadEvent, { file: File | Blob }>(() => () => {}),
  },
  actions: {
    /** The owner keeps the url for its submit (provided by the owner). */
    uploaded: (_, _params: { url: string }) => {},
    /** The owner forgets any url it kept: a new pick, a failure or a reset (provided by the owner). */
    cleared: () => {},
    pick: assign((_, params: { file: File | Blob }) => ({ ...EMPTY, file: params.file })),
    forget: assign(() => EMPTY),
  },
  guards: {
    onFile: ({ context }) => context.url !== undefined && context.file === undefined,
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => (input.url ? { file: undefined, preview: input.url, url: input.url } : EMPTY),
  initial: 'empty',
  on: {
    'UPLOAD.PICK': { target: '.picked', reenter: true, actions: [{ type: 'pick', params: ({ event }) => ({ file: event.file }) }, 'cleared'] },
  },
  states: {
    empty: { always: { guard: 'onFile', target: 'kept' } },
    kept: {
      on: { 'UPLOAD.CLEAR': { target: 'empty', actions: ['forget', 'cleared'] } },
    },
    picked: {
      invoke: { id: 'preview', src: 'preview', input: ({ context }) => ({ file: context.file! }) },
      on: {
        'PREVIEW.READY': { actions: assign({ preview: ({ event }) => event.url }) },
        'UPLOAD.CLEAR': { target: 'empty', actions: ['forget', 'cleared'] },
      },
      initial: 'uploading',
      states: {
        uploading: {
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({ file: context.file! }),
            onDone: {
              target: 'uploaded',
              actions: [assign({ url: ({ event }) => event.output.url }), { type: 'uploaded', params: ({ event }) => ({ url: event.output.url }) }],
            },
            // The server's message is toasted by the API client; the picked image goes.
            onError: { target: '#upload.failed', actions: 'forget' },
          },
        },
        uploaded: {},
      },
    },
    failed: {},
  },
});
