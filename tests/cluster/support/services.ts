import net from 'node:net';
import pg from 'pg';

/** Where the cluster suite finds its services; each may be moved with the usual variable. */
export const SERVICES = {
  postgres: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  nats: process.env.NATS_URL || 'nats://127.0.0.1:4222',
  redis: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
};

const HOW_TO_START = {
  postgres: 'apt-get install postgresql, start it and createdb test (or set DATABASE_URL)',
  nats: 'apt-get install nats-server; nats-server -a 127.0.0.1 -p 4222 & (or set NATS_URL)',
  redis: 'apt-get install redis-server; redis-server --daemonize yes (or set REDIS_URL)',
};

/** Whether something listens at the URL's host and port (the first of a comma-separated list). */
function listens(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url.split(',')[0]!);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort), timeout: 1500 });
    const done = (up: boolean) => (socket.destroy(), resolve(up));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** One line naming what does not answer and how to start it, or undefined when everything answers. */
export async function missingServices(): Promise<string | undefined> {
  const [postgres, nats, redis] = await Promise.all([
    postgresAnswers(SERVICES.postgres), listens(SERVICES.nats, 4222), listens(SERVICES.redis, 6379),
  ]);
  const missing = ([['postgres', postgres], ['nats', nats], ['redis', redis]] as const).filter(([, up]) => !up).map(([name]) => name);
  if (missing.length === 0) return undefined;
  return `cluster suite skipped: ${missing.map((name) => `${name} does not answer at ${SERVICES[name]} (${HOW_TO_START[name]})`).join('; ')}`;
}
