import { buildApp } from './app';
import { ensureAdmin } from './backoffice/staff';
import { openMarket } from './market/open';
import { createLimits } from './platform/auth/limits';
import { readConfig } from './platform/config';
import { createMailer } from './platform/mail/mailer';
import { openStore } from './platform/store/open';
import { LocalHub } from './platform/ws/hub';
import { seedStore } from './seed';
import { Settings } from './settings/settings';
import { claimEngine, keepLeading, StartRefused } from './cluster/engine-claim';
import { Leadership } from './cluster/leadership';

const started = performance.now();
const config = readConfig();
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Before anything else runs: exactly one engine acts on a database.
const leadership = new Leadership(store.db, config.nodeId);
try {
  await claimEngine(leadership, config, { embedded: store.kind === 'pglite' });
} catch (error) {
  if (!(error instanceof StartRefused)) throw error;
  console.error(`not starting: ${error.message}`);
  await store.close();
  process.exit(1);
}
const stopLeading = keepLeading(leadership, {
  lost: () => {
    console.error('another node took over the engine on this database: stopping');
    process.exit(1);
  },
  failed: (error) => console.error('could not renew the engine lease', error),
});
await seedStore(store.db);
const settings = await Settings.open(store.db);
const mailer = await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, outbox: config.mailOutbox, db: store.db, log: console.log });
await ensureAdmin(store.db, config);
// Loaded and back-filled before the first request; a replay's clock starts once we listen.
const market = await openMarket(config, store.db);
const app = await buildApp({ config, db: store.db, mailer, limits: createLimits(), market, hub: new LocalHub(), settings, leadership });
await app.listen({ port: config.port, host: config.host });
market.begin();
app.log.info(`ready in ${Math.round(performance.now() - started)} ms (${store.kind} store)`);

const shutdown = async () => {
  stopLeading();
  await app.close();
  await market.stop();
  await leadership.release();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
