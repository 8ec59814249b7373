import path from 'node:path';

/** Every setting the server reads, from the environment (README, "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  marketFeed: string;
  marketSeed: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Folder of the built client; served when it exists. */
  clientDir: string;
  /** Log requests (off in tests). */
  logger: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'TradeDesk <no-reply@localhost>',
    marketFeed: env.MARKET_FEED ?? 'simulated',
    marketSeed: Number(env.MARKET_SEED ?? 1),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist'),
    logger: env.LOG !== '0',
  };
}
