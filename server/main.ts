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

const started = performance.now();
const config = readConfig();
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedStore(store.db);
const settings = await Settings.open(store.db);
const mailer = await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: console.log });
await ensureAdmin(store.db, config);
// Loaded and back-filled before the first request; a replay's clock starts once we listen.
const market = await openMarket(config, store.db);
const app = await buildApp({ config, db: store.db, mailer, limits: createLimits(), market, hub: new LocalHub(), settings });
await app.listen({ port: config.port, host: config.host });
market.begin();
app.log.info(`ready in ${Math.round(performance.now() - started)} ms (${store.kind} store)`);

const shutdown = async () => {
  await app.close();
  await market.stop();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
