import { assign, fromPromise, setup } from 'xstate';
import { refusalMessage, type Notice } from './refusal';

/**
 * One generic flow for the screens where staff edit what the site runs on (funds channels, site
 * settings, pauses, news, companies, products, categories) and read lists (feedback): load what is
 * there (a page at a time when the list is paged), open one record as a form of text fields, change
 * fields, upload a picture into a field, save, and load again with the server's message. `APPLY`
 * saves a record without a form (a switch, publish, unpublish). What a target means and how its
 * fields become a call is the flow's business (`src/admin/site-flows.ts`); the machine keeps only
 * text.
 */
export type Fields = Record<string, string>;

export interface Draft {
  /** What is edited, e.g. `network:3`, `network:new`, `setting:site_title`, `product:5:fee_rate`. */
  target: string;
  fields: Fields;
  /** Fields that may not be left empty. */
  required: string[];
}

export interface EditorContext<D> {
  data: D | undefined;
  page: number;
  draft: Draft | undefined;
  /** The draft was opened as a form (not applied at once): a refusal keeps it open. */
  fromForm: boolean;
  /** The field an upload in flight fills with its link. */
  uploadField: string | undefined;
  /** The first required field left empty. */
  problem: string | undefined;
  notice: Notice | undefined;
}

export type EditorEvent =
  | { type: 'EDITOR.RELOAD' }
  | { type: 'EDITOR.PAGE'; page: number }
  | { type: 'EDITOR.OPEN'; target: string; fields: Fields; required?: string[] }
  | { type: 'EDITOR.FIELD'; name: string; value: string }
  | { type: 'EDITOR.UPLOAD'; field: string; file: Blob }
  | { type: 'EDITOR.SAVE' }
  | { type: 'EDITOR.CANCEL' }
  | { type: 'EDITOR.APPLY'; target: string; fields: Fields };

export interface SaveInput {
  target: string;
  fields: Fields;
}

export const missingField = (draft: Draft | undefined): string | undefined =>
  draft?.required.find((name) => (draft.fields[name] ?? '').trim() === '');

const refused = (error: unknown): Notice => ({ tone: 'refused', text: refusalMessage(error) });

export const recordEditor = <D>() =>
  setup({
    types: { context: {} as EditorContext<D>, events: {} as EditorEvent },
    actors: {
      load: fromPromise<D, { page: number }>(async () => {
        throw new Error('load not provided');
      }),
      save: fromPromise<{ message: string }, SaveInput>(async () => {
        throw new Error('save not provided');
      }),
      upload: fromPromise<{ url: string }, { file: Blob }>(async () => {
        throw new Error('upload not provided');
      }),
    },
    guards: {
      incomplete: ({ context }) => missingField(context.draft) !== undefined,
      fromForm: ({ context }) => context.fromForm,
    },
  }).createMachine({
    id: 'recordEditor',
    context: { data: undefined, page: 1, draft: undefined, fromForm: false, uploadField: undefined, problem: undefined, notice: undefined },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ page: context.page }),
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ notice: ({ event }) => refused(event.error) }) },
        },
      },
      failed: { on: { 'EDITOR.RELOAD': 'loading' } },
      ready: {
        on: {
          'EDITOR.RELOAD': { target: 'loading', actions: assign({ notice: undefined }) },
          'EDITOR.PAGE': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page), notice: undefined }) },
          'EDITOR.OPEN': {
            target: 'editing',
            actions: assign({ draft: ({ event }) => ({ target: event.target, fields: { ...event.fields }, required: event.required ?? [] }), fromForm: true, problem: undefined, notice: undefined }),
          },
          'EDITOR.APPLY': {
            target: 'saving',
            actions: assign({ draft: ({ event }) => ({ target: event.target, fields: { ...event.fields }, required: [] }), fromForm: false, problem: undefined, notice: undefined }),
          },
        },
      },
      editing: {
        on: {
          'EDITOR.FIELD': {
            actions: assign({ draft: ({ context, event }) => ({ ...context.draft!, fields: { ...context.draft!.fields, [event.name]: event.value } }), problem: undefined }),
          },
          'EDITOR.UPLOAD': { target: 'uploading', actions: assign({ uploadField: ({ event }) => event.field }) },
          'EDITOR.CANCEL': { target: 'ready', actions: assign({ draft: undefined, problem: undefined }) },
          'EDITOR.SAVE': [
            { guard: 'incomplete', actions: assign({ problem: ({ context }) => missingField(context.draft) }) },
            { target: 'saving' },
          ],
        },
      },
      uploading: {
        entry: assign({ notice: undefined }),
        invoke: {
          id: 'upload',
          src: 'upload',
          input: ({ event }) => ({ file: (event as Extract<EditorEvent, { type: 'EDITOR.UPLOAD' }>).file }),
          onDone: {
            target: 'editing',
            actions: assign({
              draft: ({ context, event }) => ({ ...context.draft!, fields: { ...context.draft!.fields, [context.uploadField!]: event.output.url } }),
              uploadField: undefined,
            }),
          },
          onError: { target: 'editing', actions: assign({ uploadField: undefined, notice: ({ event }) => refused(event.error) }) },
        },
      },
      saving: {
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({ target: context.draft!.target, fields: context.draft!.fields }),
          onDone: { target: 'loading', actions: assign({ draft: undefined, notice: ({ event }) => ({ tone: 'done' as const, text: event.output.message }) }) },
          // A refused form stays open with what staff typed; a refused switch has no form to keep.
          onError: [
            { guard: 'fromForm', target: 'editing', actions: assign({ notice: ({ event }) => refused(event.error) }) },
            { target: 'ready', actions: assign({ draft: undefined, notice: ({ event }) => refused(event.error) }) },
          ],
        },
      },
    },
  });

/** A record as form text: numbers and flags as their digits, lists joined by commas. */
export function asFields(record: Record<string, unknown>, names: readonly string[]): Fields {
  const text = (value: unknown): string =>
    typeof value === 'boolean' ? (value ? '1' : '0') : Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value);
  return Object.fromEntries(names.map((name) => [name, text(record[name])]));
}
