import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../../server/platform/store/open';
import { SERVICES } from './services';

export interface Health {
  node: string;
  role: 'all' | 'edge' | 'engine';
  engine: 'active' | 'standby' | 'off';
  epoch: number;
}

/** A free port on 127.0.0.1, as the system hands it out (no guessing, so no clash with other suites). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it answers something other than undefined, or throws naming `what`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** One `server/main.ts` process of the cluster. */
export class ClusterNode {
  /** What the process printed (stdout and stderr), for failure messages. */
  said = '';
  /** The exit code, or the signal's name, once the process has ended. */
  readonly exited: Promise<number | string>;

  constructor(readonly id: string, readonly url: string, readonly child: ChildProcess) {
    child.stdout!.on('data', (d) => (this.said += d));
    child.stderr!.on('data', (d) => (this.said += d));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async health(): Promise<Health> {
    const res = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return ((await res.json()) as { data: Health }).data;
  }

  /** Ready: it listens and `/readyz` answers code 1 (the store and the bus answer). */
  async ready(timeoutMs = 30_000): Promise<this> {
    await waitFor(`node ${this.id} to be ready`, async () => {
      if (!this.running) throw new Error(`node ${this.id} exited (${this.child.exitCode ?? this.child.signalCode}): ${this.said.slice(-4000)}`);
      const res = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      return res.ok ? true : undefined;
    }, timeoutMs, 150);
    return this;
  }

  /**
   * Waits until the node's own view of the engine is `engine` (e.g. `active` after a takeover), and
   * answers its health asked again: the answer that saw the change may carry the epoch read just before it.
   */
  async engineIs(engine: Health['engine'], timeoutMs = 10_000): Promise<Health> {
    await waitFor(`node ${this.id} to report engine ${engine}`, async () => ((await this.health()).engine === engine ? true : undefined), timeoutMs, 50);
    return this.health();
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Sends the signal and waits for the process to end. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
    if (!this.running) return this.exited;
    this.child.kill(signal);
    return this.exited;
  }
}

/**
 * Real nodes of one deployment: a PostgreSQL schema and a bus prefix of this test file's own, so
 * files and runs sharing the machine's PostgreSQL and NATS never meet. `stop` ends every node and
 * drops the schema.
 */
export class Cluster {
  readonly schema: string;
  readonly busPrefix: string;
  readonly nodes: ClusterNode[] = [];
  private readonly databaseUrl: string;
  private readonly dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  private pool: pg.Pool | undefined;

  constructor(name: string, private readonly env: Record<string, string> = {}) {
    const run = randomUUID().slice(0, 8);
    this.schema = `t_cluster_${name}_${process.pid}_${run}`;
    this.busPrefix = `test-${name}-${process.pid}-${run}`;
    const url = SERVICES.postgres;
    this.databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${this.schema}`)}`;
  }

  async begin(): Promise<void> {
    this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: 4 });
    await this.pool.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
  }

  /** Starts a node (not waiting for it): `env` comes on top of the cluster's. */
  async start(id: string, env: Record<string, string> = {}): Promise<ClusterNode> {
    const port = await freePort();
    const dataDir = path.join(this.dataRoot, id);
    fs.mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none'), LOG: '0',
        DATABASE_URL: this.databaseUrl, NATS_URL: SERVICES.nats, BUS_PREFIX: this.busPrefix, REDIS_URL: '',
        MARKET_FEED: 'simulated', MARKET_HISTORY: '30', NODE_ID: id, NODE_ROLE: 'all',
        ...this.env, ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node = new ClusterNode(id, `http://127.0.0.1:${port}`, child);
    this.nodes.push(node);
    return node;
  }

  /** The node that leads the engine now, by every running node's own word (exactly one must say so). */
  async leader(timeoutMs = 10_000): Promise<ClusterNode> {
    return waitFor('exactly one active engine', async () => {
      const running = this.nodes.filter((node) => node.running);
      const states = await Promise.all(running.map(async (node) => ({ node, health: await node.health() })));
      const active = states.filter((s) => s.health.engine === 'active');
      return active.length === 1 ? active[0]!.node : undefined;
    }, timeoutMs, 50);
  }

  /** The schema as the server's own queries see it (drizzle over the same pool). */
  get db(): Db {
    return drizzle(this.pool!) as unknown as Db;
  }

  async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool!.query(text, params)).rows as T[];
  }

  /** Ends every node still running (SIGKILL: a test's leftovers need no grace), then drops the schema. */
  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.kill('SIGKILL')));
    await this.pool?.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`).catch(() => {});
    await this.pool?.end();
    fs.rmSync(this.dataRoot, { recursive: true, force: true });
  }
}
