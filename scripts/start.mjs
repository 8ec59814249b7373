// `npm start`: build the client when its sources are newer than the build, then run the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'contract', 'machines', 'domain', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newest(path.join(root, s))))) {
  console.log('building the client…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in this process (TypeScript loaded by tsx): one Node process, not two.
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'server', 'main.ts')).href);
