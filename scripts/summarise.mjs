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
    failed += report.numFailedTests;
    // Each failure is named just above the closing line, where a shortened log still shows it.
    for (const file of report.testResults) {
      const where = path.relative(root, file.name);
      const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
      for (const test of failedTests) console.log(`failed: ${name} ${where} > ${test.fullName}`);
      // A file that failed to load has no failed test but fails the run: count it once.
      if (file.status === 'failed' && failedTests.length === 0) {
        console.log(`failed: ${name} ${where} did not load`);
        failed += 1;
      }
    }
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
