import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../contract/envelope';
import type { Language } from '../../../contract/fields';
import { languageOf, translate, type MessageKey } from '../i18n/messages';
import { envelopeOf } from './route';

/** What a client did wrong before any handler ran, by Fastify's status. */
const CLIENT_ERRORS: Record<number, MessageKey> = { 413: 'too_large', 415: 'media_unsupported' };

/**
 * Every error becomes the envelope: a request Fastify could not read (bad JSON 400, unknown content
 * type 415, too large 413) keeps its status, a transport problem (WIRE.md), and is named; anything
 * else is logged and answered without its details (no SQL).
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = languageOf(request.headers.lang);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(envelopeOf(Code.error, translate(lang, CLIENT_ERRORS[status] ?? 'body_malformed')));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(envelopeOf(Code.error, translate(lang, 'server_error')));
}

/**
 * A request Node's parser gave up on before Fastify saw it (headers too large, a broken chunked
 * body, a body longer than its length): answered with the envelope too, in the `lang` of the bytes
 * received when they hold it (else the default language), and the connection closed.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  // A reset or a request too slow to arrive: nobody is there to read an answer.
  if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  endWithEnvelope(socket, status, status === 431 ? 'too_large' : 'body_malformed', languageOf(langIn(error.rawPacket)));
}

/** The `lang` header among the bytes the parser gave up on, when they hold it. */
const langIn = (raw: unknown): string | undefined => (Buffer.isBuffer(raw) ? /\r\nlang:[ \t]*([A-Za-z-]{2,8})/i.exec(raw.toString('latin1'))?.[1] : undefined);

/** The envelope written straight to a connection no Fastify reply owns, which is then closed. */
export function endWithEnvelope(socket: Duplex, status: number, key: MessageKey, lang: Language): void {
  const body = JSON.stringify(envelopeOf(Code.error, translate(lang, key)));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
