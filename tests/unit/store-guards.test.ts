import fs from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, rowsOf, type Store } from '../../server/platform/store/open';

const tsFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []);

/** Every `schema.ts` of the server's features: the tables drizzle believes in. */
const schemaFiles = tsFiles('server').filter((file) => path.basename(file) === 'schema.ts');

describe('money has one door', () => {
  const outsideLedger = tsFiles('server').filter((file) => !file.startsWith(path.join('server', 'ledger') + path.sep));
  const moneyTables = '(wallets|ledger|holds)';
  const writes = [
    new RegExp(`\\b(UPDATE|INSERT\\s+INTO|DELETE\\s+FROM|TRUNCATE)\\s+"?${moneyTables}\\b`, 'i'),
    new RegExp(`\\.(insert|update|delete)\\(\\s*${moneyTables}\\s*\\)`),
  ];

  it('finds the files it checks', () => {
    expect(outsideLedger.length).toBeGreaterThan(40);
    expect(outsideLedger).toContain(path.join('server', 'trading', 'order-store.ts'));
  });

  it.each(outsideLedger)('%s neither imports the ledger tables nor writes them', (file) => {
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toMatch(/from '[./]*ledger\/schema'/);
    for (const write of writes) expect(text).not.toMatch(write);
  });

  it('would see a write of the wallet table', () => {
    expect('await tx.update(wallets).set({ balance })').toMatch(writes[1]!);
    expect('UPDATE wallets SET balance = 0').toMatch(writes[0]!);
  });
});

describe('the TypeScript schema matches the SQL migrations', () => {
  let store: Store;
  const tables: PgTable[] = [];

  beforeAll(async () => {
    store = await openStore({});
    for (const file of schemaFiles) {
      const module = (await import(path.resolve(file))) as Record<string, unknown>;
      for (const value of Object.values(module)) if (is(value, PgTable)) tables.push(value);
    }
  }, 60_000); // a database in memory takes seconds to start on a busy machine
  afterAll(() => store?.close());

  const columnsInDatabase = async (table: string) =>
    rowsOf<{ name: string; type: string; nullable: boolean }>(await store.db.execute(sql`
      SELECT column_name AS name, nullable.is_nullable = 'YES' AS nullable,
             CASE WHEN data_type = 'numeric' THEN format('numeric(%s, %s)', numeric_precision, numeric_scale)
                  WHEN data_type = 'ARRAY' THEN udt_name ELSE data_type END AS type
      FROM information_schema.columns nullable
      WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY column_name`));

  /** drizzle's SQL type in the words of information_schema. */
  const normalised = (type: string) => ({
    serial: 'integer', bigserial: 'bigint', 'timestamp with time zone': 'timestamp with time zone', 'integer[]': '_int4', 'text[]': '_text',
  } as Record<string, string>)[type] ?? type;

  it('has a drizzle table for every table the migrations make, and no other', async () => {
    const inDatabase = rowsOf<{ name: string }>(await store.db.execute(sql`
      SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY 1`));
    expect(tables.map((t) => getTableConfig(t).name).sort()).toEqual(inDatabase.map((t) => t.name));
  });

  it('has every column with the same name, type and nullability', async () => {
    for (const table of tables) {
      const config = getTableConfig(table);
      const declared = config.columns
        .map((c) => ({ name: c.name, type: normalised(c.getSQLType()), nullable: !c.notNull }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect({ table: config.name, columns: declared }).toEqual({ table: config.name, columns: await columnsInDatabase(config.name) });
    }
  });
});
