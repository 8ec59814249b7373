import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Real `server/main.ts` processes against one PostgreSQL schema: only one of them may run the engine. */
describe('one engine on a database (processes on PostgreSQL)', () => {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `t_one_engine_${process.pid}`;
  const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const children = new Set<ChildProcess>();

  const sql = async (text: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(text);
    await admin.end();
  };
  beforeAll(() => sql(`CREATE SCHEMA IF NOT EXISTS ${schema}`));
  afterAll(async () => {
    children.forEach((child) => child.kill('SIGKILL'));
    await sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  /** Starts a node; answers when it is ready (with its port) or has exited (with its code and what it said). */
  const node = (nodeId: string, env: Record<string, string> = {}) => {
    const port = 19100 + Math.floor(Math.random() * 800);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'one-engine-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none'), DATABASE_URL: databaseUrl, MARKET_FEED: 'off', LOG: '1', NODE_ID: nodeId, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let said = '';
    child.stdout!.on('data', (d) => (said += d));
    child.stderr!.on('data', (d) => (said += d));
    const outcome = new Promise<{ ready: boolean; code: number | null; said: string }>((resolve) => {
      child.stdout!.on('data', () => /ready in \d+ ms \(\w+ store\)/.test(said) && resolve({ ready: true, code: null, said }));
      child.on('exit', (code) => resolve({ ready: false, code, said }));
    });
    return { child, outcome, url: `http://127.0.0.1:${port}`, exited: new Promise((resolve) => child.on('exit', resolve)) };
  };
  const health = async (base: string) => ((await (await fetch(`${base}/healthz`)).json()) as { data: { node: string; engine: string; epoch: number } }).data;

  it('refuses a second node without a bus, and lets the next one start once the first stops', async () => {
    const a = node('node-a');
    expect((await a.outcome).ready).toBe(true);
    const first = await health(a.url);
    expect(first).toMatchObject({ node: 'node-a', engine: 'active' });

    const b = await node('node-b').outcome;
    expect(b).toMatchObject({ ready: false, code: 1 });
    expect(b.said).toContain('another node (node-a) runs the engine on this database');
    expect((await health(a.url)).epoch).toBe(first.epoch); // the refused node changed nothing

    a.child.kill('SIGTERM'); // a planned stop hands the lease back at once
    await a.exited;
    const c = node('node-c');
    expect((await c.outcome).ready).toBe(true);
    expect((await health(c.url)).epoch).toBeGreaterThan(first.epoch);
    c.child.kill('SIGTERM');
    await c.exited;
  }, 120_000);

  it('refuses an edge without a bus, and a bus without PostgreSQL, saying why', async () => {
    const edge = await node('edge', { NODE_ROLE: 'edge' }).outcome;
    expect(edge).toMatchObject({ ready: false, code: 1 });
    expect(edge.said).toContain('NODE_ROLE=edge needs NATS_URL');
    const bus = await node('bus', { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: '' }).outcome;
    expect(bus).toMatchObject({ ready: false, code: 1 });
    expect(bus.said).toContain('NATS_URL is set without DATABASE_URL');
  }, 120_000);
});
