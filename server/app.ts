import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { Code } from '../contract/envelope';
import type { Deps, Parts } from './deps';
import { envelopeOf, route } from './platform/http/route';
import { languageOf, translate } from './platform/i18n/messages';
import { authenticator } from './accounts/sessions';
import { accountRoutes } from './accounts/routes';
import { settingsRoutes } from './settings/routes';
import { marketPushes, marketTopicExists } from './market/pushes';
import { marketRoutes } from './market/routes';
import { tradingRoutes } from './trading/routes';
import { Engine } from './trading/engine';
import { tradingPushes } from './trading/pushes';
import { socketRoute } from './platform/ws/socket-route';

const API_PREFIXES = ['/api/', '/v1/'];
const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** The whole HTTP server, without listening: tests and `main.ts` both build it here. */
export async function buildApp(parts: Parts): Promise<FastifyInstance> {
  const { config, db, market, hub, settings } = parts;
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: 64 * 1024,
    trustProxy: true,
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ['*'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(formbody);

  const authenticate = authenticator(db);
  await socketRoute(app, { hub, authenticate, topicExists: marketTopicExists(market) });
  const engine = await Engine.open(db, market, settings);
  const stopPushes = [marketPushes(market, hub), tradingPushes(engine, hub)];
  app.addHook('onClose', async () => {
    stopPushes.forEach((stop) => stop());
    await engine.stop();
  });
  const deps: Deps = {
    ...parts,
    app,
    route: (call, handler, options) => route(app, authenticate, call, handler as never, options),
  };
  settingsRoutes(deps);
  accountRoutes(deps);
  marketRoutes(deps);
  tradingRoutes(deps, engine);

  const hasClient = fs.existsSync(`${config.clientDir}/index.html`);
  if (hasClient) await app.register(fastifyStatic, { root: config.clientDir, wildcard: false, index: false });

  app.setNotFoundHandler((request, reply) => {
    const lang = languageOf(request.headers.lang);
    if (isApi(request.url) || request.method !== 'GET' || !hasClient) {
      return reply.code(404).send(envelopeOf(Code.error, translate(lang, 'not_found')));
    }
    // Every client route is the single page; the client sends unknown paths to `/`.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const lang = languageOf(request.headers.lang);
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(envelopeOf(Code.error, translate(lang, 'too_large')));
    if (status >= 400 && status < 500) return reply.code(200).send(envelopeOf(Code.error, translate(lang, 'body_malformed')));
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelopeOf(Code.error, translate(lang, 'server_error')));
  });

  return app;
}
