import type { FastifyRequest } from 'fastify';
import { refuse } from '../platform/http/refusal';

/** Over the size limit, or a body that cannot be read. */
const unreadable = (error: { statusCode?: number }) => refuse(error.statusCode === 413 ? 'upload_too_large' : 'body_malformed');

/**
 * The bytes of the one file a multipart request carries, or a refusal that says why not: not
 * multipart, no file, a body that cannot be read (no boundary, cut short), or over the size limit
 * (never cut short and kept).
 */
export async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) refuse('upload_missing');
  const part = await request.file().catch(unreadable);
  if (!part) refuse('upload_missing');
  const bytes = await part!.toBuffer().catch(unreadable);
  if (part!.file.truncated) refuse('upload_too_large');
  return bytes;
}
