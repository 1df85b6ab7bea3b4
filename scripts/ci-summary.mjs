// Reads vitest's JSON results; exits 1 when tests failed, none ran, or the file is missing.
import { existsSync, readFileSync } from 'node:fs';

const [file, failedSteps = '0'] = process.argv.slice(2);
if (!file || !existsSync(file)) {
  console.error(`ci-summary: no vitest results at ${file}: the test step did not run to the end.`);
  process.exit(1);
}
const results = JSON.parse(readFileSync(file, 'utf8'));
const {
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: skipped,
  numTotalTests: total,
} = results;
console.log(
  `tests: ${total} total, ${passed} passed, ${failed} failed, ${skipped} skipped; failed CI steps: ${failedSteps}`,
);
if (total === 0) console.error('ci-summary: vitest ran no test.');
process.exit(failed > 0 || total === 0 || !results.success ? 1 : 0);
