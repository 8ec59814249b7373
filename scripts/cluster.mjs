// `npm run cluster`: a cluster on one machine (docs/scaling.md): two edges and an engine pair, each
// node its own process on consecutive ports from PORT, every output line led by the node's name.
// Ctrl-C stops them all (SIGTERM to each) and waits for them.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const base = Number(process.env.PORT ?? 8080);
const shared = {
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  NATS_URL: process.env.NATS_URL || 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  APP_SECRET: process.env.APP_SECRET || appSecret(),
};
const nodes = [
  { name: 'edge-1', role: 'edge', port: base },
  { name: 'edge-2', role: 'edge', port: base + 1 },
  { name: 'engine-1', role: 'engine', port: base + 2 },
  { name: 'engine-2', role: 'engine', port: base + 3 },
];

/** Every node signs upload links with one secret: made once, kept beside the nodes' data. */
function appSecret() {
  const file = path.join(root, 'data', 'cluster', 'app-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

// As `npm start` does, but only when there is no build at all: four nodes should not each wait on Vite.
if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('building the client…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const width = Math.max(...nodes.map((node) => node.name.length));
const running = new Map();
let stopping = false;

function start(node) {
  const dataDir = path.join(root, 'data', 'cluster', node.name);
  fs.mkdirSync(dataDir, { recursive: true });
  // Its own process group: the terminal's Ctrl-C reaches only this script, which stops each node once.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...shared, NODE_ROLE: node.role, NODE_ID: node.name, PORT: String(node.port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `${node.name.padEnd(width)} | `;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve) => {
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        out.write(prefix + line + '\n');
        if (/ready in \d+ ms/.test(line)) resolve(true);
      });
    }
    void exited.then(() => resolve(false));
  });
  void exited.then((code) => {
    running.delete(node.name);
    if (!stopping) console.error(`${prefix}exited (${code ?? 'signal'})`);
    if (running.size === 0) process.exit(stopping ? 0 : 1);
  });
  running.set(node.name, { child, exited });
  return ready;
}

async function stop() {
  if (stopping) {
    // A second Ctrl-C: do not wait for a node that hangs.
    for (const { child } of running.values()) child.kill('SIGKILL');
    return;
  }
  stopping = true;
  console.log('stopping the cluster…');
  for (const { child } of running.values()) child.kill('SIGTERM');
  await Promise.all([...running.values()].map(({ exited }) => exited));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// However this script ends, no node outlives it.
process.on('exit', () => running.forEach(({ child }) => child.kill('SIGKILL')));

/** Whether an engine leads within a minute (the first one loads the market before it answers). */
async function engineActive() {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && !stopping;) {
    for (const engine of engines) {
      const health = await fetch(`http://127.0.0.1:${engine.port}/healthz`).then((res) => res.json(), () => undefined);
      if (health?.data?.engine === 'active') return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) console.error('no engine leads after a minute: see the engines\' lines above');
  return false;
}

// Engines first: the first one seeds the database, and edges then find an engine to ask.
const engines = nodes.filter((node) => node.role === 'engine');
const edges = nodes.filter((node) => node.role === 'edge');
const enginesUp = await Promise.all(engines.map(start));
const edgesUp = await Promise.all(edges.map(start));
if (!stopping && enginesUp.some(Boolean) && edgesUp.some(Boolean) && await engineActive()) {
  console.log(`\ncluster ready: ${edges.map((edge) => `http://localhost:${edge.port}`).join(' and ')} (engines on ${engines.map((e) => e.port).join(' and ')}; GET /healthz on any node)\n`);
}
