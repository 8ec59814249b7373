import multipart from '@fastify/multipart';
import { contentCalls } from '../../contract/content';
import type { Deps } from '../deps';
import { IMAGE_PATH, uploadedBytes, MAX_UPLOAD_BYTES, type Uploads } from './uploads';

/** `image_upload` (one multipart file) and the signed links that serve what was uploaded. */
export async function uploadRoutes({ app, route }: Deps, uploads: Uploads): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });

  route(contentCalls.imageUpload, async (_input, { userId }, request) => {
    const bytes = await uploadedBytes(request);
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
