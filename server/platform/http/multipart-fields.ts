import type { FastifyRequest } from 'fastify';
import { Refusal, TooLarge, Unreadable } from './refusal';

/** More fields than any form call takes (registration has nine), few enough to stop a flood. */
const MAX_FIELDS = 40;

/**
 * The text fields of a multipart body, for a call that takes a form: a browser's `FormData` is sent
 * as multipart, and it is as much a form as a URL-encoded one. No file is taken here (uploads have
 * their own call), a value over the call's body limit is refused whole, and a repeated name gives a
 * list, as the URL-encoded reader does.
 */
export async function multipartFields(request: FastifyRequest, maxBytes: number): Promise<Record<string, string | string[]>> {
  const fields: Record<string, string | string[]> = {};
  try {
    for await (const part of request.parts({ limits: { files: 0, fields: MAX_FIELDS, parts: MAX_FIELDS, fieldSize: maxBytes } })) {
      if (part.type !== 'field') continue;
      if (part.valueTruncated) throw new TooLarge('too_large');
      const value = String(part.value);
      const before = fields[part.fieldname];
      fields[part.fieldname] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new Refusal('form_file_unexpected');
    throw new Unreadable();
  }
  return fields;
}
