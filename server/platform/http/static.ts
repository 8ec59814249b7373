import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite's output folder: every name in it carries its content's hash, so it never changes. */
const HASHED = /[\\/]assets[\\/][^\\/]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the pages, the manifest, the service worker) is asked again each time, by ETag. */
export const REVALIDATE = 'no-cache';

/**
 * The built client: brotli or gzip made at build time, chosen by Accept-Encoding (`Vary` says so);
 * hashed files cached for a year, the rest revalidated so a new build is seen at once.
 */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are answers to their plain name, not files of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, file) => void reply.header('cache-control', HASHED.test(file) ? IMMUTABLE : REVALIDATE),
  });
}
