import type { FastifyRequest } from 'fastify';
import { refuse, TooLarge, Unreadable } from '../platform/http/refusal';

const tooLarge = (): never => {
  throw new TooLarge('upload_too_large');
};
const unreadableBody = (): never => {
  throw new Unreadable();
};
/** Multipart's limits on parts: more than the one file (fields beside it, a second file). */
const PART_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
/** Over the size limit, other parts than the file, or a body that cannot be read. */
const unreadable = (error: { statusCode?: number; code?: string }) =>
  PART_LIMITS.has(error.code ?? '') ? refuse('upload_one_image') : error.statusCode === 413 ? tooLarge() : unreadableBody();

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
