import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { uploadMachine } from '../../../machines/shared/upload';
import { connectUpload } from '../../../machines/shared/upload.connect';
import { useView } from '../flow/use-view';

/** A tile to pick one image (a proof, a side of an ID card); the upload machine does the rest. */
export function ImagePicker({ upload, label }: { upload: ActorRefFrom<typeof uploadMachine> | undefined; label: string }) {
  const id = useId();
  const { preview, isUploading, isUploaded } = useView(upload, connectUpload);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <label className="upload-tile" htmlFor={id} data-uploaded={isUploaded || undefined} aria-busy={isUploading}>
        {preview ? <img src={preview} alt={label} /> : <span aria-hidden="true">+</span>}
        {isUploading && <span className="spinner" />}
      </label>
      <input id={id} type="file" accept="image/*" className="visually-hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload?.send({ type: 'UPLOAD.PICK', file });
          e.target.value = ''; // the same file picked again is a new pick
        }} />
    </div>
  );
}
