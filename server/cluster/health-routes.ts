import { sql } from 'drizzle-orm';
import { Code } from '../../contract/envelope';
import type { Deps } from '../deps';
import { envelopeOf } from '../platform/http/route';
import { counter, gauge, httpSeconds, registry } from '../platform/metrics';
import { marketFrames } from '../platform/ws/peer';

/**
 * What operators and load balancers ask a node: who it is (`/healthz`), whether it can serve
 * (`/readyz`, 503 until it can), and its figures (`/metrics`, Prometheus' text format).
 */
export function healthRoutes({ app, db, config, leadership, hub, clusterNeeds, engineServing }: Deps): void {
  // From a planned stop on, a balancer is told to send nothing more here.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  // Active once it answers commands: an engine that has taken the lead but is still loading stands by,
  // so that whoever waits for `active` can trade at once.
  const engineState = () => (leadership.epoch !== undefined && (engineServing?.() ?? true) ? 'active' : config.nodeRole === 'edge' ? 'off' : 'standby');

  app.get('/healthz', async () => {
    const holder = await leadership.holder().catch(() => undefined);
    // Read after the record, so that a takeover in between shows as this node's own, newer epoch.
    const engine = engineState();
    const epoch = engine === 'active' ? leadership.epoch! : holder?.epoch ?? 0;
    return envelopeOf(Code.success, 'ok', { node: config.nodeId, role: config.nodeRole, engine, epoch });
  });

  app.get('/readyz', async (_request, reply) => {
    const missing: string[] = stopping ? ['this node is stopping'] : [];
    if (!(await db.execute(sql`SELECT 1`).then(() => true, () => false))) missing.push('the store does not answer');
    // Alone, a node serves only while it leads; among several, any node serves while it hears the bus and prices.
    if (clusterNeeds) missing.push(...clusterNeeds());
    else if (leadership.epoch === undefined) missing.push('this node does not lead the engine');
    if (missing.length > 0) return reply.code(503).send(envelopeOf(Code.error, `not ready: ${missing.join('; ')}`));
    return envelopeOf(Code.success, 'ready', { node: config.nodeId });
  });

  app.get('/metrics', async (_request, reply) => reply.header('content-type', registry.contentType).send(await registry.metrics()));

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) return; // unknown paths: their count would grow with whatever a scanner tries
    httpSeconds.observe({ method: request.method, route, code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  gauge('sockets_open', 'WebSocket connections open on this node', () => hub.size);
  gauge('engine_leader', '1 while this node leads the engine', () => (leadership.epoch !== undefined ? 1 : 0));
  gauge('engine_epoch', 'The leadership epoch this node leads under (0: none)', () => leadership.epoch ?? 0);
  counter('socket_market_frames_sent_total', 'Market frames written to sockets', () => marketFrames.sent);
  counter('socket_market_frames_conflated_total', 'Market frames replaced by a newer one of their symbol before a slow socket took them', () => marketFrames.conflated);
}
