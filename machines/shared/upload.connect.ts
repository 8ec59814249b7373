import type { SnapshotFrom } from 'xstate';
import type { uploadMachine } from './upload';

export interface UploadView {
  /** The picked image as shown before and after its upload; undefined when none is kept. */
  preview: string | undefined;
  isUploading: boolean;
  isUploaded: boolean;
  /** The last upload failed and its image was cleared. */
  isFailed: boolean;
}

export function connectUpload(snapshot: SnapshotFrom<typeof uploadMachine> | undefined): UploadView {
  if (!snapshot) return { preview: undefined, isUploading: false, isUploaded: false, isFailed: false };
  return {
    preview: snapshot.context.preview,
    isUploading: snapshot.matches({ picked: 'uploading' }),
    isUploaded: snapshot.matches({ picked: 'uploaded' }) || snapshot.matches('kept'),
    isFailed: snapshot.matches('failed'),
  };
}
