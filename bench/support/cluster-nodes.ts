import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Real `server/main.ts` processes for bench:cluster, in a PostgreSQL schema and (when clustered) a
 * bus prefix of their own, so that a run shares neither with anything else on the machine.
 */
export interface BenchNode {
  readonly name: string;
  readonly base: string;
  readonly port: number;
  /** Starts the process (again, after a kill) and answers once it serves `/healthz`. */
  start(): Promise<void>;
  /** Sends the signal; answers once the process has exited. */
  signal(signal: NodeJS.Signals): Promise<void>;
  health(): Promise<{ node: string; engine: 'active' | 'standby' | 'off'; epoch: number } | undefined>;
}

export interface Deployment {
  node(name: string, env: Record<string, string>): BenchNode;
  /** Stops every node (SIGTERM, then SIGKILL after 10 s) and drops the schema. */
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Below the ephemeral range, which the bench's own client sockets draw from.
let nextPort = 20000 + Math.floor(Math.random() * 12000);
const everyChild = new Set<ChildProcess>();
// Whatever happens to the bench, it leaves no server behind.
process.on('exit', () => everyChild.forEach((child) => child.kill('SIGKILL')));

async function sql(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A fresh schema (and, with `natsUrl`, a bus prefix) for the nodes made by `node`. */
export async function deployment(label: string, { natsUrl }: { natsUrl?: string } = {}): Promise<Deployment> {
  const schema = `bench_cluster_${label}_${process.pid}`;
  await sql(`CREATE SCHEMA ${schema}`);
  const databaseUrl = `${adminUrl}${adminUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), `bench-cluster-${label}-`));
  const shared: Record<string, string> = {
    DATABASE_URL: databaseUrl, HOST: '127.0.0.1', CLIENT_DIR: path.join(dataRoot, 'none'), MARKET_FEED: 'simulated', LOG: '0',
    APP_SECRET: crypto.randomBytes(32).toString('hex'),
    // The bench stands in for a proxy in front of many devices, each creating its demo account.
    TRUST_PROXY: '127.0.0.1',
    // Its thousands of sockets all come from this one machine.
    SOCKETS_PER_ADDRESS: '100000',
    ...(natsUrl ? { NATS_URL: natsUrl, BUS_PREFIX: `bench-cluster-${label}-${process.pid}` } : { NATS_URL: '' }),
  };
  const nodes: BenchNode[] = [];

  function node(name: string, env: Record<string, string>): BenchNode {
    const port = nextPort++;
    const base = `http://127.0.0.1:${port}`;
    const dataDir = path.join(dataRoot, name);
    let child: ChildProcess | undefined;
    let exited: Promise<void> = Promise.resolve();
    const made: BenchNode = {
      name, base, port,
      async start() {
        let said = '';
        const process_ = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          cwd: root,
          env: { ...process.env, ...shared, ...env, NODE_ID: name, PORT: String(port), DATA_DIR: dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = process_;
        everyChild.add(process_);
        for (const stream of [process_.stdout!, process_.stderr!]) stream.on('data', (d) => (said = (said + d).slice(-2000)));
        let gone = false;
        exited = new Promise((resolve) => process_.once('exit', (code, signal) => {
          gone = true;
          said += ` (exit ${code ?? signal})`;
          everyChild.delete(process_);
          resolve();
        }));
        for (const deadline = Date.now() + 120_000; !(await made.health()); await new Promise((r) => setTimeout(r, 100))) {
          if (gone) throw new Error(`${name} exited before it served: ${said}`);
          if (Date.now() > deadline) throw new Error(`${name} did not serve within 2 minutes: ${said}`);
        }
      },
      async signal(signal) {
        child?.kill(signal);
        await exited;
      },
      async health() {
        try {
          const body = (await (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })).json()) as { data: Awaited<ReturnType<BenchNode['health']>> };
          return body.data;
        } catch {
          return undefined;
        }
      },
    };
    nodes.push(made);
    return made;
  }

  return {
    node,
    async close() {
      await Promise.all(nodes.map(async (n) => {
        const timer = setTimeout(() => void n.signal('SIGKILL'), 10_000);
        await n.signal('SIGTERM');
        clearTimeout(timer);
      }));
      fs.rmSync(dataRoot, { recursive: true, force: true });
      await sql(`DROP SCHEMA ${schema} CASCADE`);
    },
  };
}
