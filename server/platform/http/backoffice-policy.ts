import type { FastifyInstance } from 'fastify';

/**
 * The back-office's page talks only to its own origin and shows no other site: it may not be framed
 * (not even by the trader's pages on the same origin), frame anything, or connect elsewhere. The
 * trader's policy allows more (the API's `api.` sibling, the support chat's frame).
 */
const POLICY = [
  "default-src 'self'", "base-uri 'self'", "form-action 'self'", "object-src 'none'",
  "script-src 'self'", "script-src-attr 'none'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self' data:", "connect-src 'self'", "frame-src 'none'", "frame-ancestors 'none'",
].join('; ');

const BACKOFFICE_PATH = /^\/admin(?:[/?#]|$)/;

export function backofficePolicy(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!BACKOFFICE_PATH.test(request.url)) return;
    reply.header('content-security-policy', POLICY);
    reply.header('x-frame-options', 'DENY');
  });
}
