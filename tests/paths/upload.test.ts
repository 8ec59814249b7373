import { uploadMachine } from '../../machines/shared/upload';
import { pathSuite } from './runner';

const file = new Blob(['x'], { type: 'image/png' });

pathSuite('upload', {
  machine: uploadMachine,
  // Nothing on file, or a picture on file from a rejected form.
  inputs: [{}, { url: '/api/common/image/kept' }],
  events: [
    { type: 'UPLOAD.PICK', file },
    { type: 'UPLOAD.CLEAR' },
    { type: 'PREVIEW.READY', url: 'blob:preview' },
  ],
  outputs: { upload: [{ url: '/uploads/a.png' }] },
  // The preview is a callback (a local address of the file), not a promise: it stays real and inert.
  realChildren: ['preview'],
  project: (c) => [c.file ? 1 : 0, c.preview ? 1 : 0, c.url ? 1 : 0],
});
