import { fromCallback, fromPromise } from 'xstate';
import { contentCalls } from '../../../contract/content';
import type { UploadEvent } from '../../../machines/shared/upload';
import { call } from './client';

/**
 * The upload machine's I/O: the file goes as the multipart part `file` with the loading
 * indicator on; the preview is a local address of the picked file, freed when it is let go.
 */
export const imageUploadActors = {
  upload: fromPromise<{ url: string }, { file: File | Blob }>(({ input }) => {
    // The contract's request names no fields: the file travels beside them as the part `file`.
    const parts = { file: input.file } as unknown as Record<string, never>;
    return call(contentCalls.imageUpload, parts, { loading: true });
  }),
  preview: fromCallback<UploadEvent, { file: File | Blob }>(({ input, sendBack }) => {
    const url = URL.createObjectURL(input.file);
    sendBack({ type: 'PREVIEW.READY', url });
    return () => URL.revokeObjectURL(url);
  }),
};
