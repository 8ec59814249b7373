import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../contract/envelope';
import { languageOf, translate, type MessageKey } from '../i18n/messages';
import { envelopeOf } from './route';

/** What a client did wrong before any handler ran, by Fastify's status. */
const CLIENT_ERRORS: Record<number, MessageKey> = { 415: 'media_unsupported' };

/**
 * Every error becomes the envelope: a request Fastify could not read (bad JSON, unknown content
 * type, too large) is named; anything else is logged and answered without its details (no SQL).
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = languageOf(request.headers.lang);
  const status = error.statusCode ?? 500;
  if (status === 413) return reply.code(413).send(envelopeOf(Code.error, translate(lang, 'too_large')));
  if (status >= 400 && status < 500) {
    return reply.code(200).send(envelopeOf(Code.error, translate(lang, CLIENT_ERRORS[status] ?? 'body_malformed')));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(envelopeOf(Code.error, translate(lang, 'server_error')));
}
