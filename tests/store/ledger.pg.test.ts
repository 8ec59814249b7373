import pg from 'pg';
import { afterAll } from 'vitest';
import { ledgerSuite } from '../support/ledger-suite';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schemaName = `t_ledger_${process.pid}`;

ledgerSuite('PostgreSQL', () => ({ databaseUrl: url, schemaName }));

afterAll(async () => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
  await admin.end();
});
