import pg from 'pg';
import { afterAll } from 'vitest';
import type { StoreOptions } from '../../server/platform/store/open';

/** Store options of a PostgreSQL schema of this test file's own, dropped when the file ends. */
export function postgresSchema(prefix: string): () => StoreOptions {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schemaName = `t_${prefix}_${process.pid}`;
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await admin.end();
  });
  return () => ({ databaseUrl: url, schemaName });
}
