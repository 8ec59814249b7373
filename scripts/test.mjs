// `npm test`: every suite (unit, paths, api, e2e), then one closing line summed over them.
// TEST_PG=1 adds the store suite against PostgreSQL (DATABASE_URL, else 127.0.0.1:5432/test).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resultsDir, summarise } from './summarise.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
fs.mkdirSync(resultsDir, { recursive: true });

const projects = ['unit', 'paths', 'api', 'e2e', ...(process.env.TEST_PG === '1' ? ['store'] : [])];
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
