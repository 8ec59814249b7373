// `npm run dev`: the server on PORT (default 8080) and vite's dev server with hot reload on 5173,
// which proxies /api and /v1 to it. Open http://localhost:5173 (add ?inspect for the Stately inspector).
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, CLIENT_DIR: 'none' } }),
  spawn('npx', ['vite', '--host'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
