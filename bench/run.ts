/**
 * npm run bench: full-suite wall time against the embedded reference — default concurrency vs sequential
 * (--concurrency 1), without and with 20 ms latency per response — requests sent and checks per second.
 */
import { DEFAULTS, runWithStats } from '../src/index.js';
import { loadChecks } from '../src/runner/load.js';

interface Row {
  latencyMs: number;
  concurrency: number;
  wallMs: number;
  checks: number;
  requests: number;
  failing: number;
}

const checks = await loadChecks();
if (checks.length === 0)
  console.log('bench: suites/ has no checks yet; the numbers measure only the run setup');

const rows: Row[] = [];
for (const latencyMs of [0, 20]) {
  for (const concurrency of [DEFAULTS.concurrency, 1]) {
    const started = performance.now();
    const { result, stats } = await runWithStats({
      embedded: true,
      checks,
      includeExperimental: true,
      concurrency,
      latencyMs,
    });
    rows.push({
      latencyMs,
      concurrency,
      wallMs: performance.now() - started,
      checks: result.checks.length,
      requests: stats.requestsSent,
      failing: result.summary.fail + result.summary.error,
    });
  }
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `${'latency'.padEnd(9)}${pad('concurrency', 12)}${pad('wall s', 9)}${pad('checks', 8)}${pad('requests', 10)}${pad('checks/s', 10)}${pad('seq/default', 13)}`,
);
for (const row of rows) {
  const parallel = rows.find((other) => other.latencyMs === row.latencyMs && other.concurrency !== 1);
  const sequential = rows.find((other) => other.latencyMs === row.latencyMs && other.concurrency === 1);
  const ratio =
    row.concurrency === 1 && parallel && sequential ? (sequential.wallMs / parallel.wallMs).toFixed(2) : '';
  console.log(
    `${`${row.latencyMs} ms`.padEnd(9)}${pad(row.concurrency, 12)}${pad((row.wallMs / 1000).toFixed(2), 9)}${pad(row.checks, 8)}` +
      `${pad(row.requests, 10)}${pad((row.checks / (row.wallMs / 1000)).toFixed(1), 10)}${pad(ratio, 13)}`,
  );
}
const failing = rows.filter((row) => row.failing > 0);
if (failing.length)
  console.log(
    `note: ${failing.map((row) => `${row.failing} failing at concurrency ${row.concurrency}/latency ${row.latencyMs}`).join('; ')}`,
  );
