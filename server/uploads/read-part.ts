import type { FastifyRequest } from 'fastify';
import { refuse, TooLarge } from '../platform/http/refusal';

const tooLarge = (): never => {
  throw new TooLarge('upload_too_large');
};
/** Over the size limit, or a body that cannot be read. */
const unreadable = (error: { statusCode?: number }) => (error.statusCode === 413 ? tooLarge() : refuse('body_malformed'));

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
  if (part!.file.truncated) tooLarge();
  return bytes;
}
