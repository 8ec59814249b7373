import os from 'node:os';
import path from 'node:path';

/** Every setting the server reads, from the environment (README, "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS gateway: each code is POSTed there as JSON `{to, text}`; absent: written to DATA_DIR/sms-outbox. */
  smsUrl: string | undefined;
  /** Sent to the gateway as `Authorization: Bearer <token>` when set. */
  smsToken: string | undefined;
  marketFeed: string;
  marketSeed: number;
  /** Candles per period the simulated feed back-fills on a fresh store. */
  marketHistory: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Base32 TOTP secret of the first admin, so scripts can log in; absent: enrolled on first login. */
  adminTotpSecret: string | undefined;
  /** Signs upload links and the support signature; absent: one kept in DATA_DIR. */
  appSecret: string | undefined;
  /** Shared with the support service: it checks the signature of who is talking. */
  supportSecret: string | undefined;
  /** Which proxy may name the client in `X-Forwarded-For` (README, "Behind a proxy"); false: none. */
  trustProxy: TrustProxy;
  /**
   * Origins allowed to call across origins besides the pages this host is the `api.` sibling of,
   * and that the app's pages may connect to (the complaint email's host, spec section 7).
   */
  otherOrigins: string[];
  /**
   * Open sockets one address may hold on this node (`SOCKETS_PER_ADDRESS`, default 200): a phone
   * needs one, a carrier's shared address some more; thousands from one were memory nobody used.
   */
  socketsPerAddress: number;
  /** Folder of the built client; served when it exists. */
  clientDir: string;
  /** Log requests (off in tests). */
  logger: boolean;
  /** What this node does (docs/scaling.md): `all` (default), `edge` or `engine`. */
  nodeRole: NodeRole;
  /** How this node is named in leadership, health and metrics; default host and port. */
  nodeId: string;
  /** The bus between nodes; without it only one node may run against a database. */
  natsUrl: string | undefined;
  /** Subjects on the bus start with it: deployments (and test runs) sharing one NATS stay apart. */
  busPrefix: string;
  /** Shared limits between nodes. */
  redisUrl: string | undefined;
  /**
   * Where uploaded images' bytes live: `files` under DATA_DIR/uploads (default, one node) or
   * `database` (a cluster: every node reads them). Large deployments would want S3-compatible
   * storage: `server/uploads/blobs.ts` is the interface it would implement; not built yet.
   */
  uploadsStore: StateStore;
  /** Without SMTP_URL: mails go to DATA_DIR/outbox (`files`, default) or the `mail_outbox` table (`database`). */
  mailOutbox: StateStore;
}

export const NODE_ROLES = ['all', 'edge', 'engine'] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

export const STORES = ['files', 'database'] as const;
/** Where a node keeps what a cluster must share: on its own disk, or in the database every node reads. */
export type StateStore = (typeof STORES)[number];

/** PostgreSQL's address; anything else stops the start by name (its value may hold a password: not repeated). */
function databaseUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^postgres(?:ql)?:\/\/[^/]/.test(value)) throw new Error('DATABASE_URL is a postgres:// address (postgres://user:password@host:5432/database)');
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = wholeNumberOf('PORT', env.PORT, 8080, 0);
  if (port > 65_535) throw new Error(`PORT is at most 65535, not "${env.PORT}"`);
  const nodeRole = (env.NODE_ROLE || 'all') as NodeRole;
  if (!NODE_ROLES.includes(nodeRole)) throw new Error(`NODE_ROLE is one of ${NODE_ROLES.join(', ')}, not "${env.NODE_ROLE}"`);
  // Nodes that share a bus share the database too: there the shared stores are the default.
  const shared: StateStore = env.NATS_URL ? 'database' : 'files';
  const uploadsStore = storeOf('UPLOADS_STORE', env.UPLOADS_STORE, shared);
  const mailOutbox = storeOf('MAIL_OUTBOX', env.MAIL_OUTBOX, shared);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: databaseUrlOf(env.DATABASE_URL),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'TradeDesk <no-reply@localhost>',
    smsUrl: env.SMS_URL || undefined,
    smsToken: env.SMS_TOKEN || undefined,
    marketFeed: env.MARKET_FEED ?? 'simulated',
    marketSeed: wholeNumberOf('MARKET_SEED', env.MARKET_SEED, 1, 0),
    marketHistory: wholeNumberOf('MARKET_HISTORY', env.MARKET_HISTORY, 520, 0), // the chart asks for 500
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminTotpSecret: env.ADMIN_TOTP_SECRET || undefined,
    appSecret: env.APP_SECRET || undefined,
    supportSecret: env.SUPPORT_SECRET || undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    otherOrigins: [env.CORS_ORIGINS, env.VITE_COMPLAINT_ORIGIN].flatMap((list) => (list ?? '').split(',')).map((o) => o.trim().replace(/\/$/, '')).filter(Boolean),
    socketsPerAddress: wholeNumberOf('SOCKETS_PER_ADDRESS', env.SOCKETS_PER_ADDRESS, 200, 1),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist'),
    logger: env.LOG !== '0',
    nodeRole,
    nodeId: env.NODE_ID || `${os.hostname()}:${port}`,
    natsUrl: env.NATS_URL || undefined,
    busPrefix: env.BUS_PREFIX ? `${env.BUS_PREFIX}.` : '',
    redisUrl: env.REDIS_URL || undefined,
    uploadsStore,
    mailOutbox,
  };
}

function storeOf(name: string, value: string | undefined, fallback: StateStore): StateStore {
  const store = (value || fallback) as StateStore;
  if (!STORES.includes(store)) throw new Error(`${name} is one of ${STORES.join(', ')}, not "${value}"`);
  return store;
}

/** Fastify's `trustProxy`: none, these addresses and CIDRs, or the first `n` hops (as a function). */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * `TRUST_PROXY`: a hop count ("1") or the proxies' addresses and CIDRs ("10.0.0.2,10.1.0.0/16").
 * Unset: no proxy is trusted, so a client cannot pick the address its limits are counted by.
 * "true" is refused: trusting every sender is that very hole.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || /^false$/i.test(text)) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  if (/^true$/i.test(text)) throw new Error('TRUST_PROXY names the proxy: its address or CIDR, or a number of hops');
  return text.split(',').map((part) => part.trim()).filter((part) => part !== '');
}

/** A whole number from `min`, or the fallback when unset: a typo stops the start rather than run as NaN. */
function wholeNumberOf(name: string, value: string | undefined, fallback: number, min: number): number {
  if (!value) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new Error(`${name} is a whole number from ${min}, not "${value}"`);
  return n;
}
