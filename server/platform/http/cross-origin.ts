import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiOrigin } from '../../../contract/origin';

/**
 * The trader's calls, pushes and uploads: never the client's files, whose cached copies must not vary
 * by origin, nor the back-office's calls, which its own page makes from its own origin.
 */
const API_PATH = /^\/(?:api|v1)(?:\/|$)/;
const ALLOWED_HEADERS = 'authorization, lang, content-type';

/**
 * The spec's API lives on the page host's `api.` sibling (app.example.com calls api.example.com):
 * a page whose API host is this one may call it across origins, as may the origins `extra` names
 * (a complaint-email host's pages, say). Its tokens travel in headers, never in cookies. Only API
 * paths answer so: a service worker's cached copy of a built file matches by its headers, and a
 * `Vary: Origin` on it would make the kept shell useless offline.
 */
export function crossOrigin(app: FastifyInstance, extra: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!API_PATH.test(request.url)) return;
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !(extra.includes(origin) || servesAsApiOf(request, origin))) return;
    reply.header('access-control-allow-origin', origin);
    if (request.method !== 'OPTIONS') return;
    // The browser's question before a call with the app's headers.
    await reply.code(204).headers({
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
    }).send();
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
 * What a page served to `host` may connect to besides itself: its API's host and the sockets of
 * both (either scheme, as a proxy may end TLS before us; `'self'` covers no socket in some
 * browsers), and `extra`. Sockets elsewhere are not: a script let in could send data out over one.
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
  const sockets = (host: string) => [`wss://${host}`, `ws://${host}`];
  return [
    ...sockets(page.host),
    ...(api.host === page.host ? [] : [`https://${api.host}`, `http://${api.host}`, ...sockets(api.host)]),
    ...extra,
  ];
}
