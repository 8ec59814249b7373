import multipart from '@fastify/multipart';
import { contentCalls } from '../../contract/content';
import type { Deps } from '../deps';
import { refuse } from '../platform/http/refusal';
import { refuseWhileWaiting } from '../platform/auth/limiter';
import { envelopeOf } from '../platform/http/route';
import { languageOf, translate } from '../platform/i18n/messages';
import { Code } from '../../contract/envelope';
import { IMAGE_PATH, uploadedBytes, MAX_UPLOAD_BYTES, type Uploads } from './uploads';

/** `image_upload` (one multipart file) and the signed links that serve what was uploaded. */
export async function uploadRoutes({ app, route, limits }: Deps, uploads: Uploads): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });

  route(contentCalls.imageUpload, async (_input, { userId, isDemo }, request) => {
    // Pictures serve identity and deposits, which demo accounts cannot use (spec section 6); each is
    // kept for good, so an account's are counted before a byte is read.
    if (isDemo) refuse('demo_not_allowed');
    refuseWhileWaiting(await limits.uploadPerAccount.hit(String(userId)));
    const bytes = await uploadedBytes(request);
    return { url: await uploads.save(userId, bytes) };
  });

  app.get<{ Params: { name: string }; Querystring: { e?: string; s?: string } }>(`${IMAGE_PATH}:name`, async (request, reply) => {
    const found = await uploads.open(request.params.name, request.query.e ?? '', request.query.s ?? '');
    if (!found) return reply.code(404).send(envelopeOf(Code.error, translate(languageOf(request.headers.lang), 'not_found')));
    return reply
      .header('content-type', found.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=600')
      .header('content-disposition', 'inline')
      .send(found.bytes);
  });
}
