/**
 * npm run bench: full-suite runs, each in its own process (so peak RSS is the run's own; three per
 * scenario, the one of median wall kept, but one of the big world), against the
 * reference in another process (as a real target is: the server does not share the checker's event
 * loop), with 0 ms and 20 ms latency per response: default concurrency and sequential (--concurrency 1),
 * every event-missing fault at once, then at 20 ms a big world (10 000 extra guilds, 100 000 extra
 * messages in the sandbox channel), and `conformance --version`.
 *
 * The floor — the shortest wall any schedule could reach — is the longest dependent chain of the run,
 * from the checks' declarations and their durations in the sequential run at the same latency L (where
 * nothing competes):
 *   floor(L) = setup + max(longest check, the holders of one hold one after another + its longest sharer)
 *              + the after phase (its checks run together: the longest) + cleanup chain (2 round trips:
 *              messages before their channel) + teardown,
 * setup being run start → first check, teardown cleanup done → run() returned. Checks that hold the same
 * thing (src/runner/holds.ts) cannot overlap on any schedule, so their durations add up, and a sharer of
 * it overlaps none of them. A check's duration is its own time: less what it waited behind other checks.
 */
import { fork, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ReferenceOptions } from '../src/reference/contract.js';
import { PAGE_SIZE } from '../src/reference/request.js';
import { startReferenceProcess } from './reference-process.js';

interface Scenario {
  label: string;
  latencyMs: number;
  /** undefined: the default. */
  concurrency?: number;
  /** Extra guilds of the bot and extra messages in the sandbox channel (ReferenceOptions). */
  guilds?: number;
  messages?: number;
  /** Faults of the reference, by id prefix (e.g. every 'event-missing-on-' fault). */
  faultsStartingWith?: string;
  /** Runs of the scenario; the one of median wall is kept (a shared machine is noisy). Default 3. */
  repeat?: number;
}

/** What the floor needs of one check: its declarations and its duration. */
interface CheckTime {
  id: string;
  durationMs: number;
  holds: string[];
  shares: string[];
  waitsMs: number;
  after: boolean;
  exclusive: boolean;
}

interface Measured {
  scenario: Scenario;
  wallMs: number;
  checks: CheckTime[];
  failing: number;
  /** The first failing or erroring checks, to say which. */
  failingIds: string[];
  requests: number;
  /** Requests by operation (e.g. guild.list), to tell what a bigger world adds. */
  requestsByOperation: Record<string, number>;
  /** Peak resident set of the process that ran it (KiB). */
  maxRssKiB: number;
  setupMs: number;
  teardownMs: number;
  /** What the reference actually seeded, to tell whether the big world was supported. */
  seeded: { guilds: number; messagesInSandbox: number };
  faults: number;
}

/** Runs one scenario in this process (the child side), against the reference in a process of its own. */
async function measure(scenario: Scenario): Promise<Measured> {
  const { DEFAULTS, runWithStats } = await import('../src/index.js');
  const { loadChecks } = await import('../src/runner/load.js');
  const { faultCatalogue } = await import('../src/reference/faults/index.js');
  const checks = await loadChecks();
  const prefix = scenario.faultsStartingWith;
  const faults = prefix ? faultCatalogue.map((fault) => fault.id).filter((id) => id.startsWith(prefix)) : [];
  const referenceOptions: ReferenceOptions = {
    port: 0,
    latencyMs: scenario.latencyMs,
    faults,
    ...(scenario.guilds ? { guilds: scenario.guilds } : {}),
    ...(scenario.messages ? { messages: scenario.messages } : {}),
  };
  const { server: reference, seeded } = await startReferenceProcess(referenceOptions);
  const declared = new Map(checks.map((check) => [check.id, check]));
  let runStart = 0;
  let lastResult = 0;
  let cleanupDone = 0;
  try {
    const started = performance.now();
    const { result, stats } = await runWithStats({
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
    return {
      scenario,
      wallMs: ended - started,
      checks: result.checks.map((check) => {
        const definition = declared.get(check.id);
        return {
          id: check.id,
          // Its own time: less the time it waited behind other checks (a slot, a hold) once started.
          durationMs: check.durationMs - (stats.queuedMs[check.id] ?? 0),
          // A hold taken later (acquires) may be held alone for most of the check (the guild mute window).
          holds: [...(definition?.holds ?? []), ...(definition?.acquires ?? [])],
          shares: [...(definition?.shares ?? [])],
          waitsMs: definition?.waitsMs ?? 0,
          after: definition?.phase === 'after',
          exclusive: definition?.exclusive === true,
        };
      }),
      failing: result.summary.fail + result.summary.error,
      failingIds: result.checks
        .filter((check) => check.status === 'fail' || check.status === 'error')
        .slice(0, 5)
        .map((check) => check.id),
      requests: stats.requestsSent,
      requestsByOperation: stats.requestsByOperation,
      maxRssKiB: process.resourceUsage().maxRSS,
      setupMs: runStart - started,
      teardownMs: ended - (cleanupDone || lastResult),
      seeded,
      faults: faults.length,
    };
  } finally {
    await reference.close();
  }
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

/** The floor of a (sequential) run and the chain that sets it (see the header). */
function floorOf(m: Measured): { floorMs: number; chain: string } {
  const main = m.checks.filter((check) => !check.after);
  const longest = main.reduce((a, b) => (b.durationMs > a.durationMs ? b : a), main[0]);
  let chainMs = longest?.durationMs ?? 0;
  let chain = `longest check ${longest?.id} ${seconds(chainMs)} s`;
  const holds = new Set(main.flatMap((check) => check.holds));
  for (const hold of holds) {
    const holders = main.filter((check) => check.holds.includes(hold));
    // A sharer overlaps no holder: the longest one adds to the chain (not one that waits deliberately,
    // which may give its share back meanwhile).
    const sharer = Math.max(
      0,
      ...main
        .filter((check) => check.shares.includes(hold) && !check.waitsMs)
        .map((check) => check.durationMs),
    );
    const total = holders.reduce((sum, check) => sum + check.durationMs, 0) + sharer;
    if (total > chainMs) {
      chainMs = total;
      chain = `hold '${hold}': ${holders.length} holders one after another and its longest sharer, ${seconds(total)} s`;
    }
  }
  const alone = main.filter((check) => check.exclusive).reduce((sum, check) => sum + check.durationMs, 0);
  const after = Math.max(0, ...m.checks.filter((check) => check.after).map((check) => check.durationMs));
  return {
    floorMs: m.setupMs + chainMs + alone + after + 2 * m.scenario.latencyMs + m.teardownMs,
    chain,
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** Issue 11's targets, each a ratio of two runs of this one bench. */
const TARGETS = {
  wallPerFloorAt20: 1.3,
  sequentialPerDefaultAt20: 5,
  wall20PerWall0: 1.3,
  eventsMissingPerClean: 3,
  versionMs: 150,
};

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function main(): Promise<void> {
  const scenarios: Scenario[] = [
    { label: '0 ms', latencyMs: 0 },
    { label: '0 ms sequential', latencyMs: 0, concurrency: 1 },
    { label: '20 ms', latencyMs: 20 },
    { label: '20 ms sequential', latencyMs: 20, concurrency: 1 },
    { label: '20 ms, every event-missing fault', latencyMs: 20, faultsStartingWith: 'event-missing-on-' },
    {
      label: '20 ms, 10 000 guilds, 100 000 messages',
      latencyMs: 20,
      guilds: 10_000,
      messages: 100_000,
      repeat: 1,
    },
  ];
  // One at a time: each run gets the machine to itself. Each scenario's run of median wall is kept.
  const measured: Measured[] = [];
  for (const scenario of scenarios) {
    const runs: Measured[] = [];
    for (let run = 1; run <= (scenario.repeat ?? 3); run++) {
      process.stderr.write(`bench: ${scenario.label} (${run}/${scenario.repeat ?? 3})…\n`);
      runs.push(await inChild(scenario));
    }
    runs.sort((a, b) => a.wallMs - b.wallMs);
    measured.push(runs[Math.floor(runs.length / 2)]);
  }
  const [zero, zeroSeq, twenty, twentySeq, missing, big] = measured;

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log(
    `${'run (median of 3 but the big world)'.padEnd(42)}${pad('wall s', 8)}${pad('checks', 8)}${pad('requests', 10)}${pad('peak RSS MiB', 14)}${pad('failing', 9)}`,
  );
  for (const m of measured) {
    console.log(
      `${m.scenario.label.padEnd(42)}${pad(seconds(m.wallMs), 8)}${pad(m.checks.length, 8)}${pad(m.requests, 10)}` +
        `${pad((m.maxRssKiB / 1024).toFixed(0), 14)}${pad(m.failing, 9)}`,
    );
  }
  const floor0 = floorOf(zeroSeq);
  const floor20 = floorOf(twentySeq);
  const perLatency = (floor20.floorMs - floor0.floorMs) / 20;
  console.log('');
  console.log(
    `floor: 0 ms ${seconds(floor0.floorMs)} s, 20 ms ${seconds(floor20.floorMs)} s  →  floor(L) ≈ ${seconds(floor0.floorMs)} s + ${perLatency.toFixed(1)} × L` +
      `  (at 20 ms: ${floor20.chain}; setup ${seconds(twentySeq.setupMs)} s)`,
  );
  const wallPerFloor = twenty.wallMs / floor20.floorMs;
  const sequentialPerDefault = twentySeq.wallMs / twenty.wallMs;
  const wall20PerWall0 = twenty.wallMs / zero.wallMs;
  const missingPerClean = missing.wallMs / twenty.wallMs;
  console.log(
    `wall/floor at 0 ms: ${(zero.wallMs / floor0.floorMs).toFixed(2)}; at 20 ms: ${wallPerFloor.toFixed(2)} (target ≤ ${TARGETS.wallPerFloorAt20}: ${verdict(wallPerFloor <= TARGETS.wallPerFloorAt20)})`,
  );
  console.log(
    `sequential/default at 20 ms: ${sequentialPerDefault.toFixed(2)} (target ≥ ${TARGETS.sequentialPerDefaultAt20}: ${verdict(sequentialPerDefault >= TARGETS.sequentialPerDefaultAt20)})`,
  );
  console.log(
    `wall 20 ms / wall 0 ms: ${wall20PerWall0.toFixed(2)} (target ≤ ${TARGETS.wall20PerWall0}: ${verdict(wall20PerWall0 <= TARGETS.wall20PerWall0)})`,
  );
  console.log(
    `every event-missing fault (${missing.faults}) / clean, at 20 ms: ${missingPerClean.toFixed(2)} (target ≤ ${TARGETS.eventsMissingPerClean}: ${verdict(missingPerClean <= TARGETS.eventsMissingPerClean)})`,
  );
  const bigWanted = big.scenario;
  const oneWalk = Math.ceil((bigWanted.guilds ?? 0) / PAGE_SIZE);
  const added = (operation: string) =>
    (big.requestsByOperation[operation] ?? 0) - (twenty.requestsByOperation[operation] ?? 0);
  const others = Object.keys({ ...big.requestsByOperation, ...twenty.requestsByOperation })
    .filter((operation) => operation !== 'guild.list' && added(operation) !== 0)
    .map((operation) => `${operation} ${added(operation) > 0 ? '+' : ''}${added(operation)}`);
  console.log(
    `big world (${big.seeded.guilds} guilds, ${big.seeded.messagesInSandbox} messages in the sandbox): ` +
      `+${big.requests - twenty.requests} requests, wall ×${(big.wallMs / twenty.wallMs).toFixed(2)} vs 20 ms`,
  );
  console.log(
    `  guild.list +${added('guild.list')} (target ≤ one walk, ${oneWalk}: ${verdict(added('guild.list') <= oneWalk)}); ` +
      `message.list ${added('message.list') > 0 ? '+' : ''}${added('message.list')} (target: none added: ${verdict(added('message.list') <= 0)}); ` +
      `besides: ${others.join(', ') || 'nothing'}`,
  );
  const version = versionTime();
  console.log(
    version
      ? `conformance --version: ${version.medianMs.toFixed(0)} ms (median of 7, node ${version.bin}; target < ${TARGETS.versionMs}: ${verdict(version.medianMs < TARGETS.versionMs)})`
      : 'conformance --version: not measured (no dist/; run npm run build)',
  );
  const failing = measured.filter((m) => m.failing > 0 && !m.scenario.faultsStartingWith);
  if (failing.length)
    console.log(
      `note: failing checks in ${failing.map((m) => `${m.scenario.label} (${m.failing}: ${m.failingIds.join(', ')})`).join('; ')}`,
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
