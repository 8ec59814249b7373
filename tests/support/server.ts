import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { MemoryCounters } from '../../server/platform/auth/counters';
import { createLimits } from '../../server/platform/auth/limits';
import { readConfig } from '../../server/platform/config';
import { Leadership } from '../../server/cluster/leadership';
import { outboxMailer } from '../../server/platform/mail/mailer';
import type { LiveMarket } from '../../server/market/live-market';
import { openMarket } from '../../server/market/open';
import { emptyStore, openStore, type Store, type StoreOptions } from '../../server/platform/store/open';
import { LocalHub } from '../../server/platform/ws/hub';
import { seedStore } from '../../server/seed';
import { Settings, seedSettings } from '../../server/settings/settings';

export interface TestServer {
  url: string;
  store: Store;
  market: LiveMarket;
  /** The server's own settings: a change here applies as staff's would. */
  settings: Settings;
  /** The newest mail to `email` (headers and body), read from the real outbox files. */
  lastMail(email: string): Promise<string | undefined>;
  /** The newest 6-digit code mailed to `email`. */
  lastCode(email: string): Promise<string | undefined>;
  /** The newest 6-digit code texted to `phone` (+<global_code><number>), read from the SMS outbox files. */
  lastSms(phone: string): Promise<string | undefined>;
  reset(): Promise<void>;
  /** Forgets every rate-limit count, as a new window would. */
  clearLimits(): void;
  /** Stops answering (every socket is closed); `resume` listens again on the same port. */
  stopListening(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server on an ephemeral port, with its own store and outbox folder. The market feed is
 * `off` (no ticks, nothing to back-fill) unless `env.MARKET_FEED` asks for another, and a
 * simulated one back-fills 120 candles a period unless `env.MARKET_HISTORY` asks for more.
 */
export async function startServer(storeOptions: StoreOptions = {}, env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tradedesk-test-'));
  const config = {
    // 120 candles a period back-filled, not 520: writing them took 4 to 5 s of every simulated start.
    ...readConfig({ DATA_DIR: dataDir, LOG: '0', CLIENT_DIR: path.join(dataDir, 'no-client'), MARKET_FEED: 'off', MARKET_HISTORY: '120', ...env }),
    port: 0,
    host: '127.0.0.1',
  };
  const store = await openStore(storeOptions);
  await seedStore(store.db);
  const settings = await Settings.open(store.db);
  const outbox = path.join(dataDir, 'outbox');
  const smsOutbox = path.join(dataDir, 'sms-outbox');
  const counters = new MemoryCounters();
  const limits = createLimits(counters);
  const market = await openMarket(config, store.db, { log: () => {} });
  // Each test server owns its store (or its PostgreSQL schema): it leads there from the start.
  const leadership = new Leadership(store.db, config.nodeId);
  await leadership.campaign({ force: true });
  const listen = async (port: number) => {
    const app = await buildApp({ config, db: store.db, mailer: outboxMailer(outbox, () => {}), limits, market, hub: new LocalHub(), settings, leadership });
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  };
  let app: Awaited<ReturnType<typeof listen>> | undefined = await listen(0);
  market.begin();
  const { port } = app.server.address() as AddressInfo;
  /** The newest message in an outbox folder (one file each, named in order) addressed to `to`. */
  const newest = async (folder: string, to: string) => {
    const files = (await fs.readdir(folder).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const text = await fs.readFile(path.join(folder, file), 'utf8');
      if (text.startsWith(`To: ${to}\n`)) return text;
    }
    return undefined;
  };
  const code = (text: string | undefined) => text && /\b(\d{6})\b/.exec(text)?.[1];
  const lastMail = (email: string) => newest(outbox, email.toLowerCase());
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    market,
    settings,
    lastMail,
    lastCode: async (email) => code(await lastMail(email)),
    lastSms: async (phone) => code(await newest(smsOutbox, phone)),
    async reset() {
      await emptyStore(store);
      await seedStore(store.db);
      // The running server keeps its settings: they read the defaults again.
      await seedSettings(store.db);
      await settings.reload();
      counters.clear();
      await fs.rm(outbox, { recursive: true, force: true });
      await fs.rm(smsOutbox, { recursive: true, force: true });
    },
    clearLimits() {
      counters.clear();
    },
    async stopListening() {
      await app?.close();
      app = undefined;
    },
    async resume() {
      app ??= await listen(port);
    },
    async close() {
      await app?.close();
      await market.stop();
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
