import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { holdDataDir } from './data-dir-lock';

/** The database handle; each feature keeps its own tables' schema beside its queries. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements (migrations, test resets). */
  exec(sqlText: string): Promise<void>;
  /** Runs `work` while no other process starting on this database runs its own (migrations, seeds). */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://... ; absent: embedded PGlite. */
  databaseUrl?: string;
  /** Folder of the embedded database; absent: in memory. */
  dataDir?: string;
  /** PostgreSQL schema to live in (tests give each file its own). */
  schemaName?: string;
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long a transaction may wait on its process before PostgreSQL ends it. */
export const IDLE_IN_TRANSACTION_MS = 5000;

export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl, options.schemaName) : await openPglite(options.dataDir);
  await store.exclusively(() => migrate(store));
  return store;
}

/**
 * The embedded database's own settings. Its shared buffers live in the process's memory, never
 * given back: 16 MB (PostgreSQL's default is 128 MB) is plenty for one broker's working set.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

async function openPglite(dataDir?: string): Promise<Store> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const pgdata = dataDir && path.join(dataDir, 'pgdata');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? await holdDataDir(dataDir) : async () => {};
  // Making a new database (initdb) holds several hundred MB the process never gets back: do it in a
  // short-lived process, so a first start costs no more memory than any later one.
  if (pgdata && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) makePgliteDir(pgdata);
  const client = new PGlite(pgdata, { postgresqlconf: PGLITE_CONF });
  await client.waitReady;
  return {
    db: drizzle(client) as unknown as Db,
    kind: 'pglite',
    exec: async (text) => void (await client.exec(text)),
    exclusively: (work) => work(), // no other process may open it (holdDataDir)
    close: async () => {
      await client.close();
      await release();
    },
  };
}

async function openPostgres(url: string, schemaName?: string): Promise<Store> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  if (schemaName) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`bad schema name ${schemaName}`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    await admin.end();
  }
  // A transaction left idle for seconds belongs to a frozen process (a paused engine leader): the
  // database ends it, so its row locks do not hold a standby's takeover until it wakes.
  const settings = [`-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`, ...(schemaName ? [`-c search_path=${schemaName}`] : [])];
  const pool = new pg.Pool({ connectionString: url, max: 10, options: settings.join(' ') });
  // A connection the database ended (that timeout, a restart) leaves the pool, and what was using it
  // fails to its caller. Unheard, the error event of the pool or of a connection in use would end the
  // process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    db: drizzle(pool) as unknown as Db,
    kind: 'postgres',
    exec: async (text) => void (await pool.query(text)),
    // Nodes of a cluster start together: one at a time migrates and seeds, the next finds it done.
    exclusively: async (work) => {
      const holder = await pool.connect();
      try {
        await holder.query('SELECT pg_advisory_lock(hashtext(current_schema() || \'.start\'))');
        return await work();
      } finally {
        await holder.query('SELECT pg_advisory_unlock_all()').catch(() => {});
        holder.release();
      }
    },
    close: () => pool.end(),
  };
}

function makePgliteDir(pgdata: string) {
  fs.mkdirSync(pgdata, { recursive: true });
  const script = `const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(process.argv[1], { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
    await db.waitReady; await db.close();`;
  const made = spawnSync(process.execPath, ['--input-type=module', '-e', script, pgdata], { stdio: 'inherit', cwd: path.dirname(migrationsDir) });
  if (made.status !== 0) throw new Error(`could not make the embedded database in ${pgdata}`);
}

/** Applies each migrations/NNN_name.sql once, in order, each in its own transaction. */
async function migrate(store: Store): Promise<void> {
  await store.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const applied = await store.db.execute<{ name: string }>(sql`SELECT name FROM schema_migrations`);
  const done = new Set(rowsOf<{ name: string }>(applied).map((r) => r.name));
  const files = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    if (done.has(file)) continue;
    const body = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    const name = file.replace(/'/g, "''");
    await store.exec(`BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
  }
}

/** drizzle's execute answers `{rows}` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Empties every table the migrations made (the list is read from the database, not kept by hand),
 * but for the running engine's leadership: a server under test keeps leading across resets. The
 * tables are taken in the order of their names, the order in which a transaction that locks
 * several at once takes them (the ranking's run), so the two cannot deadlock.
 */
export async function emptyStore(store: Store): Promise<void> {
  const tables = rowsOf<{ name: string }>(await store.db.execute(sql`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'engine_leadership') ORDER BY tablename`));
  if (tables.length === 0) return;
  await store.exec(`TRUNCATE ${tables.map((t) => `"${t.name}"`).join(', ')} RESTART IDENTITY CASCADE`);
}
