import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiOrigin } from '../../../contract/origin';

/**
 * The spec's API lives on the page host's `api.` sibling (app.example.com calls api.example.com):
 * a page whose API host is this one may call it across origins, as may the origins `extra` names
 * (a complaint-email host's pages, say). Its tokens travel in headers, never in cookies.
 */
export async function crossOrigin(app: FastifyInstance, extra: readonly string[]): Promise<void> {
  await app.register(cors, () => (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void) => {
    const origin = request.headers.origin;
    callback(null, {
      origin: origin !== undefined && (extra.includes(origin) || servesAsApiOf(request, origin)),
      methods: ['GET', 'POST'],
      allowedHeaders: ['authorization', 'lang', 'content-type'],
      maxAge: 600,
    });
  });
}

function servesAsApiOf(request: FastifyRequest, origin: string): boolean {
  try {
    // By host alone: a proxy may end TLS before us, so this request's own scheme says nothing.
    return new URL(apiOrigin(new URL(origin))).host === request.host;
  } catch {
    return false;
  }
}

/**
 * What a page served to `host` may connect to besides itself: its API's host (either scheme, as a
 * proxy may end TLS before us; sockets of any host are allowed already) and `extra`.
 */
export function connectSources(host: string | undefined, extra: readonly string[]): string[] {
  if (!host) return [...extra];
  let page: URL;
  try {
    page = new URL(`http://${host}`);
  } catch {
    return [...extra];
  }
  const api = new URL(apiOrigin(page));
  return [...(api.host === page.host ? [] : [`https://${api.host}`, `http://${api.host}`]), ...extra];
}
