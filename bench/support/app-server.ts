import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

export interface AppServer {
  base: string;
  close(): void;
}

/**
 * The real server (`server/main.ts`) as `npm start` runs it, serving the built client from `dist/`,
 * on a random port with a fresh data folder and the simulated market feed unless MARKET_FEED says otherwise.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('no built client in dist/: run `npm run build` first');
  const port = 18900 + Math.floor(Math.random() * 99);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MARKET_FEED: process.env.MARKET_FEED ?? 'simulated', LOG: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const ready = (d: Buffer) => {
      if (!/ready in \d+ ms \(\w+ store\)/.test((out += d.toString()))) return;
      server.stdout!.off('data', ready).resume();
      resolve();
    };
    server.stdout!.on('data', ready);
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    close() {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
