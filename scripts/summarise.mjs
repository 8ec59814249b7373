// Sums vitest JSON reports in .test-results/ into one closing line: `N passed, N failed`.
// Usage: node scripts/summarise.mjs [--failed-steps N] project...
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const resultsDir = path.join(root, '.test-results');

export function summarise(names) {
  let passed = 0, failed = 0;
  for (const name of names) {
    const file = path.join(resultsDir, `${name}.json`);
    if (!fs.existsSync(file)) {
      failed += 1; // a suite that left no report did not run
      continue;
    }
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    // Name what failed just above the closing line, where a shortened log still shows it.
    for (const r of report.testResults) {
      const where = path.relative(root, r.name);
      for (const a of r.assertionResults) if (a.status === 'failed') console.log(`failed: ${name} ${where} > ${a.fullName}`);
      if (r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed')) console.log(`failed: ${name} ${where} did not load`);
    }
    // A file that failed to load has no failed test but fails the run: count it once.
    const brokenFiles = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed')).length;
    failed += report.numFailedTests + brokenFiles;
  }
  return { passed, failed };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--failed-steps');
  const steps = at >= 0 ? Number(args.splice(at, 2)[1]) : 0;
  const { passed, failed } = summarise(args);
  console.log(`${passed} passed, ${failed + steps} failed`);
  process.exit(failed + steps > 0 ? 1 : 0);
}
