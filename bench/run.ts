/**
 * npm run bench: full-suite runs against the embedded reference, each in its own process (so peak RSS is
 * the run's own): at 0 ms and 20 ms latency per response, default concurrency and sequential
 * (--concurrency 1), then at 20 ms with a big world (10 000 extra guilds, 100 000 extra messages in the
 * sandbox channel) when the reference can seed one, and `conformance --version`.
 *
 * The floor — the shortest wall any schedule could reach — is the longest dependent chain of the run:
 *   floor(L) = setup(L) + longest check(L) + cleanup chain (2 round trips: messages before their channel)
 *              + teardown(L),
 * measured in the sequential run at latency L, where nothing competes: setup is run start → first check,
 * the longest check is the largest check duration (its own round trips plus its deliberate waits, e.g. a
 * 1.5 s mute window), teardown is cleanup done → run() returned. From floor(0) and floor(20) it prints
 * floor(L) = fixed + chain × L: fixed is the deliberate waits and CPU work, chain the dependent round trips.
 * wall/floor compares the default-concurrency wall with that floor at the same latency.
 */
import { fork, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReferenceOptions } from '../src/reference/contract.js';

interface Scenario {
  label: string;
  latencyMs: number;
  /** undefined: the default. */
  concurrency?: number;
  /** Extra guilds of the bot and extra messages in the sandbox channel (ReferenceOptions). */
  guilds?: number;
  messages?: number;
}

interface Measured {
  scenario: Scenario;
  wallMs: number;
  checks: number;
  failing: number;
  /** The first failing or erroring checks, to say which. */
  failingIds: string[];
  requests: number;
  /** Peak resident set of the process that ran it (KiB). */
  maxRssKiB: number;
  setupMs: number;
  longestCheckMs: number;
  longestCheck: string;
  teardownMs: number;
  /** What the reference actually seeded (its snapshot), to tell whether the big world was supported. */
  seeded: { guilds: number; messagesInSandbox: number };
}

/** Runs one scenario in this process (the child side). */
async function measure(scenario: Scenario): Promise<Measured> {
  const { DEFAULTS, requestsSent, run } = await import('../src/index.js');
  const { startReference } = await import('../src/reference/server.js');
  const { loadChecks } = await import('../src/runner/load.js');
  const checks = await loadChecks();
  const referenceOptions: ReferenceOptions = {
    port: 0,
    latencyMs: scenario.latencyMs,
    ...(scenario.guilds ? { guilds: scenario.guilds } : {}),
    ...(scenario.messages ? { messages: scenario.messages } : {}),
  };
  const reference = await startReference(referenceOptions);
  const seeded = countSeeded(reference.snapshot(), reference.sandbox.channelId);
  let runStart = 0;
  let lastResult = 0;
  let cleanupDone = 0;
  try {
    const started = performance.now();
    const result = await run({
      reference,
      checks,
      includeExperimental: true,
      concurrency: scenario.concurrency ?? DEFAULTS.concurrency,
      onRunStart: () => {
        runStart = performance.now();
      },
      onCheckResult: () => {
        lastResult = performance.now();
      },
      onCleanup: () => {
        cleanupDone = performance.now();
      },
    });
    const ended = performance.now();
    const longest = result.checks.reduce((a, b) => (b.durationMs > a.durationMs ? b : a), result.checks[0]);
    return {
      scenario,
      wallMs: ended - started,
      checks: result.checks.length,
      failing: result.summary.fail + result.summary.error,
      failingIds: result.checks
        .filter((check) => check.status === 'fail' || check.status === 'error')
        .slice(0, 5)
        .map((check) => check.id),
      requests: requestsSent(result) ?? 0,
      maxRssKiB: process.resourceUsage().maxRSS,
      setupMs: runStart - started,
      longestCheckMs: longest?.durationMs ?? 0,
      longestCheck: longest?.id ?? '',
      teardownMs: ended - (cleanupDone || lastResult),
      seeded,
    };
  } finally {
    await reference.close();
  }
}

function countSeeded(snapshot: unknown, channelId: string): Measured['seeded'] {
  const world = snapshot as { guilds?: unknown[]; messages?: { channelId?: string }[] };
  return {
    guilds: world.guilds?.length ?? 0,
    messagesInSandbox: (world.messages ?? []).filter((message) => message.channelId === channelId).length,
  };
}

/** Runs a scenario in a child process of this script (inherits the tsx loader through execArgv). */
function inChild(scenario: Scenario): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--scenario', JSON.stringify(scenario)], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: Measured | undefined;
    child.on('message', (message: Measured) => {
      answer = message;
    });
    child.on('exit', (code) =>
      answer ? resolve(answer) : reject(new Error(`bench scenario ${scenario.label} exited with ${code}`)),
    );
  });
}

/** `conformance --version` wall, median of `times` runs of the built bin (dist/). */
function versionTime(times = 7): { medianMs: number; bin: string } | undefined {
  const bin = fileURLToPath(new URL('../dist/bin/conformance.js', import.meta.url));
  if (!existsSync(bin)) return undefined;
  const walls: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    spawnSync(process.execPath, [bin, '--version'], { stdio: 'ignore' });
    walls.push(performance.now() - started);
  }
  walls.sort((a, b) => a - b);
  return { medianMs: walls[Math.floor(walls.length / 2)], bin: 'dist/bin/conformance.js' };
}

const floorOf = (m: Measured): number =>
  m.setupMs + m.longestCheckMs + 2 * m.scenario.latencyMs + m.teardownMs;

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<void> {
  const scenarios: Scenario[] = [
    { label: '0 ms', latencyMs: 0 },
    { label: '0 ms sequential', latencyMs: 0, concurrency: 1 },
    { label: '20 ms', latencyMs: 20 },
    { label: '20 ms sequential', latencyMs: 20, concurrency: 1 },
    { label: '20 ms, 10 000 guilds, 100 000 messages', latencyMs: 20, guilds: 10_000, messages: 100_000 },
  ];
  // One at a time: each run gets the machine to itself.
  const measured: Measured[] = [];
  for (const scenario of scenarios) measured.push(await inChild(scenario));
  const [zero, zeroSeq, twenty, twentySeq, big] = measured;

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log(
    `${'run'.padEnd(42)}${pad('wall s', 8)}${pad('checks', 8)}${pad('requests', 10)}${pad('peak RSS MiB', 14)}${pad('failing', 9)}`,
  );
  for (const m of measured) {
    console.log(
      `${m.scenario.label.padEnd(42)}${pad(seconds(m.wallMs), 8)}${pad(m.checks, 8)}${pad(m.requests, 10)}` +
        `${pad((m.maxRssKiB / 1024).toFixed(0), 14)}${pad(m.failing, 9)}`,
    );
  }
  const floor0 = floorOf(zeroSeq);
  const floor20 = floorOf(twentySeq);
  const chain = (floor20 - floor0) / 20;
  console.log('');
  console.log(
    `floor: 0 ms ${seconds(floor0)} s, 20 ms ${seconds(floor20)} s  →  floor(L) ≈ ${seconds(floor0)} s + ${chain.toFixed(1)} × L` +
      `  (longest check at 20 ms: ${twentySeq.longestCheck}, ${seconds(twentySeq.longestCheckMs)} s; setup ${seconds(twentySeq.setupMs)} s)`,
  );
  console.log(
    `wall/floor: 0 ms ${(zero.wallMs / floor0).toFixed(2)}, 20 ms ${(twenty.wallMs / floor20).toFixed(2)}` +
      `   sequential/default at 20 ms: ${(twentySeq.wallMs / twenty.wallMs).toFixed(2)}` +
      `   wall 20 ms / wall 0 ms: ${(twenty.wallMs / zero.wallMs).toFixed(2)}`,
  );
  const bigWanted = big.scenario;
  if (
    big.seeded.guilds >= (bigWanted.guilds ?? 0) ||
    big.seeded.messagesInSandbox >= (bigWanted.messages ?? 0)
  ) {
    console.log(
      `big world (${big.seeded.guilds} guilds, ${big.seeded.messagesInSandbox} messages in the sandbox): ` +
        `+${big.requests - twenty.requests} requests, wall ×${(big.wallMs / twenty.wallMs).toFixed(2)} vs 20 ms`,
    );
  }
  if (big.seeded.guilds < (bigWanted.guilds ?? 0))
    console.log(
      `note: the reference seeded ${big.seeded.guilds} guilds, not ${bigWanted.guilds}: it has no ReferenceOptions.guilds yet`,
    );
  if (big.seeded.messagesInSandbox < (bigWanted.messages ?? 0))
    console.log(
      `note: the reference seeded ${big.seeded.messagesInSandbox} messages in the sandbox, not ${bigWanted.messages}: it has no ReferenceOptions.messages yet`,
    );
  const version = versionTime();
  console.log(
    version
      ? `conformance --version: ${version.medianMs.toFixed(0)} ms (median of 7, node ${version.bin})`
      : 'conformance --version: not measured (no dist/; run npm run build)',
  );
  const failing = measured.filter((m) => m.failing > 0);
  if (failing.length)
    console.log(
      `note: failing checks in ${failing.map((m) => `${m.scenario.label} (${m.failing})`).join('; ')}`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--scenario');
  if (at >= 0) {
    const result = await measure(JSON.parse(process.argv[at + 1]) as Scenario);
    process.send?.(result);
    process.disconnect?.();
  } else {
    await main();
  }
}
