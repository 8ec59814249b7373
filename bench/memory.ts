/**
 * bench:memory — what `npm start` costs a host: the time from launch to "ready" on a fresh data
 * folder (cold: the database is made and the market back-filled) and on the same folder again
 * (warm), and the resident memory of the whole process tree once it has sat idle.
 * Usage: tsx bench/memory.ts [IDLE_SECONDS]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const idleSeconds = Number(process.argv[2] ?? 20);
const BUDGET_MB = 300;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Resident kilobytes of a process and all its descendants, read from /proc. */
function treeRssKb(pid: number): number {
  const children = (p: number): number[] => {
    try {
      return fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const rss = (p: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  return rss(pid) + children(pid).reduce((sum, child) => sum + treeRssKb(child), 0);
}

/** `npm start`'s own command (package.json), without npm's process around it (nor the shell's `exec`). */
const startCommand = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.replace(/^exec /, '').split(' ');

/** Starts the server as `npm start` does; answers once it says it is ready. */
function start(dataDir: string, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const began = performance.now();
  const [command, ...args] = startCommand;
  const child = spawn(command === 'node' ? process.execPath : command!, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in \d+ ms/.test(output)) resolve({ child, readyMs: performance.now() - began });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before ready:\n${output.slice(-2000)}`)));
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label: string, dataDir: string, port: number) {
  const { child, readyMs } = await start(dataDir, port);
  await sleep(idleSeconds * 1000);
  const idleMb = treeRssKb(child.pid!) / 1024;
  await stop(child);
  console.log(`${label.padEnd(5)} ready in ${(readyMs / 1000).toFixed(1)} s, idle resident ${idleMb.toFixed(0)} MB (process tree, after ${idleSeconds} s)`);
  return idleMb;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
try {
  // The client is built once first, so neither start includes a build.
  const build = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  await new Promise((resolve) => build.on('exit', resolve));
  console.log(`bench:memory — node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  await measure('cold', dataDir, 18_600);
  const warm = await measure('warm', dataDir, 18_601);
  console.log(`idle resident ${warm.toFixed(0)} MB against a budget of ${BUDGET_MB} MB: ratio ${(warm / BUDGET_MB).toFixed(2)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
