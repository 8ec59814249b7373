import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import { Code } from '../contract/envelope';
import type { Deps, Parts } from './deps';
import { envelopeOf, route } from './platform/http/route';
import { backofficePolicy } from './platform/http/backoffice-policy';
import { connectSources, crossOrigin } from './platform/http/cross-origin';
import { languageOf, translate } from './platform/i18n/messages';
import { authenticator, onSessionsEnded } from './accounts/sessions';
import { accountRoutes } from './accounts/routes';
import { createSmsSender } from './platform/sms/sms';
import { settingsRoutes } from './settings/routes';
import { marketPushes, marketTopicExists } from './market/pushes';
import { marketRoutes } from './market/routes';
import { tradingRoutes } from './trading/routes';
import { engineWriters, openEngineDesk } from './trading/desk';
import { socketRoute } from './platform/ws/socket-route';
import { appSecret } from './platform/auth/secret';
import { balancePushes } from './ledger/pushes';
import { createUploads } from './uploads/uploads';
import { uploadRoutes } from './uploads/routes';
import { fundsRoutes } from './funds/routes';
import { identityRoutes } from './identity/routes';
import { backofficeRoutes } from './backoffice/routes';
import { siteRoutes } from './backoffice/site-routes';
import { contentRoutes } from './content/routes';
import { inviteRoutes } from './accounts/invite-routes';
import { rankingRoutes } from './ranking/routes';
import { dec, min, money6 } from '../domain/decimal';
import { clientErrorHandler, errorHandler } from './platform/http/errors';
import { serveClient } from './platform/http/static';
import { startDemoExpiry } from './demo-expiry';
import { healthRoutes } from './cluster/health-routes';

const API_PREFIXES = ['/api', '/v1', '/admin/api'];
/** Under an API prefix, the bare prefix included (`/api`, `/api?x`), never the page. */
const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p) && /^($|[/?])/.test(url.slice(p.length)));

const PROBES = /^\/(?:healthz|readyz|metrics)(?:[?]|$)/;

/** The whole HTTP server, without listening: tests and `main.ts` both build it here. */
export async function buildApp(parts: Parts): Promise<FastifyInstance> {
  const { config, db, market, hub, leadership, limits } = parts;
  const app = Fastify({
    // A request's line names its path, not its query: a query holds what traders typed and signed
    // links to their documents, which anyone reading the log could open for a quarter of an hour.
    logger: config.logger ? { level: 'info', serializers: { req: (request) => ({ method: request.method, path: request.url.split('?')[0], address: request.ip }) } } : false,
    // A load balancer asks every few seconds: its probes would be most of the log.
    logController: new LogController({ disableRequestLogging: (request: { url?: string }) => PROBES.test(request.url ?? '') }),
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    // While closing, a request on a connection already open is answered as any other (and the
    // connection closed after it), not with a bare 503 outside the envelope.
    return503OnClosing: false,
    clientErrorHandler,
    // A path Fastify cannot decode (a broken percent-escape) never reaches a route or the error handler.
    frameworkErrors: errorHandler,
  });
  // First, before any await: a route takes the error handler in force when it is registered.
  app.setErrorHandler(errorHandler);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The page's API may be its `api.` sibling host (spec section 1).
        connectSrc: ["'self'", (request) => connectSources((request as { headers: { host?: string } }).headers.host, config.otherOrigins).join(' ')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ['*'],
        upgradeInsecureRequests: null,
      },
    },
  });
  crossOrigin(app, config.otherOrigins);
  backofficePolicy(app);
  await app.register(formbody);
  // Fastify reads plain text as a string body, which no call takes: refused by name (415) instead,
  // unless empty (what `fetch` sends for `body: ''`), which is no body at all.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') done(null, undefined);
    else done(Object.assign(new Error('a plain-text body'), { statusCode: 415 }), undefined);
  });
  // An empty JSON body is no body too (a client that always sends its JSON header), not malformed JSON.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, body as string, done);
  });
  // API answers compressed on the fly (a product list is 15 KB of JSON); quality 4 costs little CPU.
  // The client's files are compressed at build time and carry their encoding, so they pass untouched.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });

  const authenticate = authenticator(db);
  // In one process the engine runs here; among several nodes the active one answers through `parts.desk`.
  const engineHere = parts.desk ? undefined : await openEngineDesk(parts, { fence: leadership.fence(), writers: engineWriters(config.databaseUrl) });
  const desk = parts.desk ?? engineHere!.desk;
  await socketRoute(app, {
    hub, authenticate, topicExists: marketTopicExists(market),
    // Without an engine just now the figures come with the next change instead.
    accountWatched: (userId) => void desk.refresh(userId).catch(() => undefined),
    socketsPerAddress: config.socketsPerAddress,
    failedLogins: limits.socketLoginFailuresPerAddress,
  });
  const stopPushes = [marketPushes(market, hub), balancePushes(hub)];
  // A revoked session's sockets are closed at once: no account push outlives its token.
  stopPushes.push(onSessionsEnded((userId, tokenHashes) => hub.endSessions(userId, tokenHashes)));
  // Idle demo accounts are deleted hourly: anyone can make them.
  stopPushes.push(startDemoExpiry(db, (error) => app.log.error({ err: error }, 'demo sweep failed')));
  app.addHook('onClose', async () => {
    stopPushes.forEach((stop) => stop());
    await engineHere?.stop();
  });
  const deps: Deps = {
    ...parts,
    app,
    route: (call, handler, options) => route(app, authenticate, call, handler as never, options),
  };
  healthRoutes(deps);
  settingsRoutes(deps);
  const { smsUrl, smsToken, dataDir } = config;
  accountRoutes(deps, createSmsSender({ smsUrl, smsToken, dataDir, log: (msg) => app.log.info(msg) }));
  marketRoutes(deps);
  tradingRoutes(deps, desk);
  const uploads = createUploads(db, config, appSecret(config));
  await uploadRoutes(deps, uploads);
  identityRoutes(deps, uploads);
  // Money may leave only what is free: available, less any open loss (the margin is already out of it).
  const openTrades = async (userId: number) => {
    const figures = await desk.figures(userId);
    return {
      openLoss: money6(min(figures?.ProfitsTotal ?? 0, 0)),
      marginHeld: dec(figures?.CautionMoneyAll ?? 0).plus(figures?.PendingHeld ?? 0).gt(0),
    };
  };
  fundsRoutes(deps, uploads, openTrades);
  backofficeRoutes(deps, uploads, async (userId) => String((await desk.figures(userId))?.CautionMoneyAll ?? '0'));
  siteRoutes(deps, uploads);
  contentRoutes(deps);
  inviteRoutes(deps);
  rankingRoutes(deps);

  const hasClient = fs.existsSync(`${config.clientDir}/index.html`);
  if (hasClient) await serveClient(app, config.clientDir);

  app.setNotFoundHandler((request, reply) => {
    const lang = languageOf(request.headers.lang);
    // A built file that is not there (another build's) is missing, not a page: the page would be
    // HTML where a script is expected.
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (isApi(request.url) || request.url.startsWith('/assets/') || !reading || !hasClient) {
      return reply.code(404).send(envelopeOf(Code.error, translate(lang, 'not_found')));
    }
    // Every client route is the single page; the client sends unknown paths to `/`. The back-office
    // is a page of its own under /admin/ (its own build entry).
    const page = request.url === '/admin' || request.url.startsWith('/admin/') ? 'admin/index.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });

  return app;
}
