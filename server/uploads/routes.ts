import multipart from '@fastify/multipart';
import { contentCalls } from '../../contract/content';
import { refuse } from '../platform/http/refusal';
import type { Deps } from '../deps';
import { IMAGE_PATH, MAX_UPLOAD_BYTES, type Uploads } from './uploads';

/** `image_upload` (one multipart file) and the signed links that serve what was uploaded. */
export async function uploadRoutes({ app, route }: Deps, uploads: Uploads): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });

  route(contentCalls.imageUpload, async (_input, { userId }, request) => {
    if (!request.isMultipart()) refuse('upload_missing');
    // A body that is not multipart after all (no boundary, cut short) cannot be read.
    const part = await request.file().catch((error: { statusCode?: number }) => refuse(error.statusCode === 413 ? 'upload_too_large' : 'body_malformed'));
    if (!part) refuse('upload_missing');
    const bytes = await part!.toBuffer().catch(() => refuse('upload_too_large'));
    if (part!.file.truncated) refuse('upload_too_large');
    return { url: await uploads.save(userId, bytes) };
  });

  app.get<{ Params: { name: string }; Querystring: { e?: string; s?: string } }>(`${IMAGE_PATH}:name`, async (request, reply) => {
    const found = await uploads.open(request.params.name, request.query.e ?? '', request.query.s ?? '');
    if (!found) return reply.code(404).send({ code: 0, msg: 'Not found', data: null });
    return reply
      .header('content-type', found.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=600')
      .header('content-disposition', 'inline')
      .send(found.bytes);
  });
}
