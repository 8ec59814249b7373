// `npm test`: every suite (unit, paths, api, fuzz, e2e, then cluster), then one closing line summed over them.
// TEST_PG=1 adds the store suite against PostgreSQL (DATABASE_URL, else 127.0.0.1:5432/test).
// The cluster suite runs real nodes on PostgreSQL, NATS and Redis; where one of them does not answer it
// says so in one line and its tests count as skipped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resultsDir, summarise } from './summarise.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
fs.mkdirSync(resultsDir, { recursive: true });

// The browser suite drives Debian's chromium (tests/e2e/browser.ts): install it when it is missing
// and we can (root, apt), else stop now with the command to run, not after minutes of other suites.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const asRoot = process.getuid?.() === 0;
  const apt = (...args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  const canInstall = asRoot && !process.env.CHROMIUM_PATH && fs.existsSync('/usr/bin/apt-get');
  // A fresh machine may have no package lists yet: read them once, then try again.
  if (!(canInstall && (apt('install', '-y', 'chromium') || (apt('update') && apt('install', '-y', 'chromium'))))) {
    console.error(`Chromium is missing at ${chromium}. Run: ${asRoot ? '' : 'sudo '}apt-get install -y chromium (or set CHROMIUM_PATH)`);
    process.exit(1);
  }
}

const projects = ['unit', 'paths', 'api', 'fuzz', 'e2e', ...(process.env.TEST_PG === '1' ? ['store'] : []), 'cluster'];
let failedSteps = 0;
// The browser suite runs against the built client, as users get it.
if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) failedSteps += 1;
for (const project of projects) {
  const file = path.join(resultsDir, `${project}.json`);
  fs.rmSync(file, { force: true });
  run('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
}

const { passed, failed } = summarise(projects);
console.log(`${passed} passed, ${failed + failedSteps} failed`);
process.exit(failed + failedSteps > 0 ? 1 : 0);
