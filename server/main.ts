import { buildApp } from './app';
import { readConfig } from './platform/config';
import { createMailer } from './platform/mail/mailer';
import { openMarket } from './market/open';
import { openStore } from './platform/store/open';
import { ensureAdmin } from './accounts/staff';

const started = performance.now();
const config = readConfig();
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const mailer = await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: console.log });
await ensureAdmin(store.db, config);
// Loaded and back-filled before the first request; a replay's clock starts once we listen.
const market = await openMarket(config, store.db);
const app = await buildApp(config, store, mailer, market);
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
