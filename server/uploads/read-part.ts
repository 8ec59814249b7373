import type { FastifyRequest } from 'fastify';
import { refuse } from '../platform/http/refusal';

const tooLargeOr = (otherwise: 'body_malformed') => (error: { statusCode?: number }) => refuse(error.statusCode === 413 ? 'upload_too_large' : otherwise);

/**
 * The bytes of the one file a multipart request carries, or a refusal that says why not: not
 * multipart, no file, a body that cannot be read (no boundary, cut short), or over the size limit
 * (never cut short and kept).
 */
export async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) refuse('upload_missing');
  const part = await request.file().catch(tooLargeOr('body_malformed'));
  if (!part) refuse('upload_missing');
  const bytes = await part!.toBuffer().catch(tooLargeOr('body_malformed'));
  if (part!.file.truncated) refuse('upload_too_large');
  return bytes;
}
