import { fromPromise } from 'xstate';
import { identityCalls } from '../../../contract/identity';
import { backUpload, frontUpload, identityMachine } from '../../../machines/identity/identity';
import { call } from '../../shared/api/client';
import { imageUploadActors } from '../../shared/api/image-upload';

/** /mine/auth bound to the API: the centre, the two image uploads and the submit (its message toasted). */
export const identityFlow = () =>
  identityMachine.provide({
    actors: {
      loadCenter: fromPromise(() => call(identityCalls.realNameCenter, {})),
      submit: fromPromise(({ input }) => call(identityCalls.submitRealName, input, { loading: true, showSuccessMessage: true })),
      frontUpload: frontUpload.provide({ actors: imageUploadActors }),
      backUpload: backUpload.provide({ actors: imageUploadActors }),
    },
  });
