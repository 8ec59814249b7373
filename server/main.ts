import type { Socket } from 'node:net';
import { buildApp } from './app';
import { ensureAdmin } from './backoffice/staff';
import { openMarket } from './market/open';
import { openCounterStore } from './platform/auth/open-counters';
import { createLimits } from './platform/auth/limits';
import { readConfig } from './platform/config';
import { createMailer } from './platform/mail/mailer';
import { DataDirInUse } from './platform/store/data-dir-lock';
import { openStore } from './platform/store/open';
import { LocalHub } from './platform/ws/hub';
import { seedStore } from './seed';
import { Settings } from './settings/settings';
import { claimEngine, keepLeading, StartRefused } from './cluster/engine-claim';
import { Leadership } from './cluster/leadership';
import { joinCluster } from './cluster/node';
import { sharedSecret } from './cluster/shared-secret';

const started = performance.now();
const refuseStart = (message: string): never => {
  console.error(`not starting: ${message}`);
  process.exit(1);
};
const read = (() => {
  try {
    return readConfig();
  } catch (error) {
    return refuseStart((error as Error).message);
  }
})();
if (read.natsUrl && !read.databaseUrl) refuseStart('NATS_URL is set without DATABASE_URL: nodes that share a bus share one PostgreSQL');
const store = await openStore({ databaseUrl: read.databaseUrl, dataDir: read.dataDir })
  .catch((error: Error) => refuseStart(error instanceof DataDirInUse ? error.message
    : `the database could not be opened (${read.databaseUrl ? 'DATABASE_URL' : `the embedded one in DATA_DIR ${read.dataDir}`}): ${error.message}`));
// Nodes of a cluster sign links alike: without APP_SECRET they share one kept in the database.
const config = read.natsUrl && !read.appSecret ? { ...read, appSecret: await sharedSecret(store.db) } : read;
const leadership = new Leadership(store.db, config.nodeId);
// Alone (no bus), before anything else runs: this node leads the engine or does not start.
let stopLeading = () => {};
if (!config.natsUrl) {
  try {
    await claimEngine(leadership, config, { embedded: store.kind === 'pglite' });
  } catch (error) {
    if (!(error instanceof StartRefused)) throw error;
    await store.close();
    refuseStart(error.message);
  }
  stopLeading = keepLeading(leadership, {
    lost: () => {
      console.error('another node took over the engine on this database: stopping');
      process.exit(1);
    },
    failed: (error) => console.error('could not renew the engine lease', error),
  });
}
await store.exclusively(async () => {
  await seedStore(store.db);
  await ensureAdmin(store.db, config);
});
const settings = await Settings.open(store.db);
const mailer = await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, outbox: config.mailOutbox, db: store.db, log: console.log });
const counters = await openCounterStore(config.redisUrl, config.busPrefix).catch((error: Error) => refuseStart(error.message));
const limits = createLimits(counters);
const log = (message: string, error?: unknown) => (error ? console.error(message, error) : console.log(message));

// Alone: the market with its feed and the engine run here. Among several nodes: the market follows the
// active engine's ticks, and this node stands by for the engine unless it is an edge.
const cluster = config.natsUrl ? await joinCluster(config, store.db, leadership, settings, log) : undefined;
const market = cluster?.market ?? await openMarket(config, store.db);
const app = await buildApp({
  config, db: store.db, mailer, limits, market, settings, leadership,
  hub: cluster?.hub ?? new LocalHub(), desk: cluster?.desk, clusterNeeds: cluster?.needs, engineServing: cluster?.engineServing,
});
// Every connection, websockets' too, so that a planned stop can cut the ones that outlast its grace.
const connections = new Set<Socket>();
app.server.on('connection', (socket: Socket) => {
  connections.add(socket);
  socket.once('close', () => connections.delete(socket));
});
await app.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) =>
  refuseStart(error.code === 'EADDRINUSE' ? `port ${config.port} on ${config.host} is taken by another program (set PORT)` : error.message));
market.begin();
app.log.info(`ready in ${Math.round(performance.now() - started)} ms (${store.kind} store)${cluster ? ` as ${config.nodeRole} node ${config.nodeId}` : ''}`);

/** How long a planned stop waits for the calls in flight and the sockets' goodbyes. */
const STOP_GRACE_MS = 10_000;

// A planned stop answers the requests in flight first, while the bus and the engine are still there,
// and tells every socket to go elsewhere; only then is the lead handed over and the bus left.
const shutdown = async () => {
  // A websocket whose client never finishes the closing handshake held the stop for good: after a
  // grace for the calls in flight, what is still connected is cut.
  const cut = setTimeout(() => connections.forEach((socket) => socket.destroy()), STOP_GRACE_MS);
  await app.close();
  clearTimeout(cut);
  stopLeading();
  await cluster?.stop();
  await market.stop();
  await leadership.release();
  await counters.close();
  await store.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
