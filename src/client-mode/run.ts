/**
 * runClientMode(options) → RunResult: serves the reference implementation with the scenarios' pages
 * (its intercept hook), runs or waits for the client once per scenario, and judges it. A scenario has a
 * server to itself while it runs (a slot, concurrency.ts): the pages served depend on which scenario is
 * current, so scenarios side by side (--concurrency) each get their own port.
 */
import { randomBytes } from 'node:crypto';
import { getMaxListeners, setMaxListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { shorten } from '../../spec/brief.js';
import { catalogueHash } from '../../spec/index.js';
import { renderCurl } from '../client/curl.js';
import { Redactor } from '../client/redact.js';
import { tr } from '../i18n/index.js';
import type { ReferenceServer } from '../reference/contract.js';
import { startReference } from '../reference/server.js';
import { PLATFORM, SEED } from '../reference/world.js';
import { ConfigurationError } from '../runner/errors.js';
import type { CheckResult, Exchange, Level, RunResult } from '../runner/model.js';
import { computeVerdict, summarize } from '../runner/summary.js';
import { toolVersion } from '../runner/version.js';
import { defaultConcurrency, InOrder, runInSlots, StartGate } from './concurrency.js';
import { CLIENT_DEFAULTS, isLoadClear } from './defaults.js';
import { foldHeldConnections, runEventScenario } from './events/run.js';
import type { EventStage } from './events/stage.js';
import { type Judgement, judgeCommandRun, judgeRequests } from './judge.js';
import { LISTS, type ListKind } from './lists.js';
import { loadClientScenarios } from './load.js';
import {
  type AnyClientScenario,
  CLIENT_SUITES,
  type ClientRequest,
  type ClientScenario,
  type ClientSuite,
  expectationOf,
  isEventScenario,
  ONE_CONNECTION_SCENARIO,
  suiteOf,
} from './model.js';
import { runClient } from './process.js';
import { ScenarioSession } from './session.js';

export { CLIENT_DEFAULTS };

/**
 * The scenarios whose list the client said it does not support (not counted, listed apart): the list's
 * operation and how the client said so, as data (the reason is composed from it, in the run's language).
 */
const unsupportedIn = new WeakMap<CheckResult, { operation: string; how: string }>();

/**
 * Names, in the reason of every list the client does not support, the --list that covers the ones it
 * does (known only once every scenario ran).
 */
function suggestLists(checks: CheckResult[], scenarios: readonly AnyClientScenario[]): void {
  const listOf = new Map(
    scenarios.map((scenario) => [scenario.id, isEventScenario(scenario) ? undefined : scenario.list]),
  );
  const unsupported = (check: CheckResult) => check.status === 'skip' && unsupportedIn.has(check);
  const covered = [
    ...new Set(checks.filter((check) => !unsupported(check)).map((check) => listOf.get(check.id))),
  ].filter((list): list is ListKind => list !== undefined);
  if (covered.length === 0) return;
  for (const check of checks) {
    const said = unsupported(check) ? unsupportedIn.get(check) : undefined;
    if (said)
      check.reason = tr`not supported by the client: ${said.operation} (${said.how}); pass --list ${covered.join(',')}`;
  }
}

/** Exchanges kept per scenario in the evidence: the first ones show the defect. */
const EXCHANGE_LIMIT = 25;
/** Like the HTTP client's evidence limit: a whole page (≤ 100 items) fits. */
const BODY_LIMIT = 64 * 1024;

export interface ClientRunOptions {
  /** Run this shell command once per scenario (the client drains the list and exits). */
  command?: string;
  /**
   * Scenarios run at once, each with its own server and client process (default: per suite, from the
   * cores, concurrency.ts); 1 runs them one after another. --listen runs one at a time.
   */
  concurrency?: number;
  /** Or serve at HOST:PORT and wait for a client started by someone else. */
  listen?: string;
  /** The client suites to run (default: pagination). */
  suites?: readonly ClientSuite[];
  scenarioTimeoutMs?: number;
  idleMs?: number;
  /** CONFORMANCE_HEARTBEAT_MS of the event scenarios. */
  heartbeatMs?: number;
  grep?: string;
  /** Only the pagination scenarios of these lists. */
  lists?: readonly ListKind[];
  level?: Level;
  cwd?: string;
  signal?: AbortSignal;
  /** Load scenarios from here instead of suites/client (tests). */
  scenariosDir?: string;
  /** --listen: the environment the client must use for the next scenario (print it). */
  onListen?: (info: {
    scenario: ClientScenario;
    env: Record<string, string>;
    index: number;
    total: number;
  }) => void;
  onScenarioResult?: (result: CheckResult) => void;
}

/** The environment of one pagination scenario (the env contract of docs/checking-a-client.md). */
export function scenarioEnv(
  server: ReferenceServer,
  scenario: ClientScenario,
  list: ListKind,
): Record<string, string> {
  const env: Record<string, string> = {
    CONFORMANCE_BASE_URL: server.baseUrl,
    CONFORMANCE_TOKEN: server.identities.self.token,
    CONFORMANCE_PLATFORM: PLATFORM,
    CONFORMANCE_SELF_ID: SEED.self,
    CONFORMANCE_SCENARIO: scenario.id,
    CONFORMANCE_LIST: list,
  };
  for (const id of LISTS[list].ids) env[id.env] = id.value;
  return env;
}

const parseListen = (listen: string): { host: string; port: number } => {
  const match = /^(.+):(\d+)$/.exec(listen);
  const port = match ? Number(match[2]) : Number.NaN;
  if (!match || port > 65_535) {
    throw new ConfigurationError(tr`--listen '${listen}' must look like HOST:PORT, e.g. 127.0.0.1:5150.`);
  }
  return { host: match[1].replace(/^\[(.*)\]$/, '$1'), port };
};

export function selectScenarios<S extends AnyClientScenario>(scenarios: S[], grep?: string): S[] {
  if (!grep) return scenarios;
  let pattern: RegExp;
  try {
    pattern = new RegExp(grep, 'i');
  } catch (error) {
    throw new ConfigurationError(
      tr`--grep '${grep}' is not a valid regular expression: ${(error as Error).message}`,
    );
  }
  return scenarios.filter((scenario) => pattern.test(scenario.id) || pattern.test(scenario.title));
}

/** The scenarios of the suites asked for, of the --list given, matching --grep. */
async function chooseScenarios(options: ClientRunOptions, suites: readonly ClientSuite[]) {
  const all = await loadClientScenarios(options.scenariosDir);
  // In the order of --suite, each suite's scenarios in their own order.
  const ofSuites = suites.flatMap((suite) => all.filter((scenario) => suiteOf(scenario) === suite));
  const ofList = ofSuites.filter(
    (scenario) =>
      !options.lists?.length || isEventScenario(scenario) || options.lists.includes(scenario.list),
  );
  const scenarios = selectScenarios(ofList, options.grep);
  if (scenarios.length === 0) {
    const filters = [
      `--suite ${suites.join(',')}`,
      options.lists?.length ? `--list ${options.lists.join(',')}` : '',
      options.grep ? `--grep '${options.grep}'` : '',
    ];
    throw new ConfigurationError(tr`No client scenario matches ${filters.filter(Boolean).join(' ')}.`);
  }
  return scenarios;
}

function validateOptions(options: ClientRunOptions, suites: readonly ClientSuite[]): number {
  if (Boolean(options.command) === Boolean(options.listen)) {
    throw new ConfigurationError(
      tr`Pass either --command "CMD" (run the client) or --listen HOST:PORT (wait for it).`,
    );
  }
  const unknown = suites.filter((suite) => !(CLIENT_SUITES as readonly string[]).includes(suite));
  if (unknown.length || suites.length === 0) {
    throw new ConfigurationError(
      tr`--suite takes ${CLIENT_SUITES.join(', ')} (comma-separated), got '${suites.join(',')}'.`,
    );
  }
  if (options.listen && suites.includes('events')) {
    throw new ConfigurationError(
      tr`--suite events needs --command: the checker reads the event lines the client prints.`,
    );
  }
  const timeoutMs = options.scenarioTimeoutMs ?? CLIENT_DEFAULTS.scenarioTimeoutMs;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigurationError(
      tr`--scenario-timeout must be a positive number of milliseconds, got ${timeoutMs}.`,
    );
  }
  const { concurrency } = options;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1))
    throw new ConfigurationError(tr`--concurrency must be a whole number of at least 1, got ${concurrency}.`);
  // One listened client, started by the user, scenario by scenario.
  if (options.listen && (concurrency ?? 1) > 1)
    throw new ConfigurationError(
      tr`--listen runs one scenario at a time: leave out --concurrency or pass 1.`,
    );
  return timeoutMs;
}

/** A slot: a reference server of its own, serving the scenario that runs in it (concurrency.ts). */
interface Slot {
  server: ReferenceServer;
  session?: ScenarioSession;
  stage?: EventStage;
  /** Called at the client's first request or connection: it has started (StartGate). */
  started?: () => void;
}

async function openSlot(token: string, listen?: string): Promise<Slot> {
  const slot = {} as Slot;
  slot.server = await startReference({
    token,
    ...(listen ? parseListen(listen) : { host: '127.0.0.1', port: 0 }),
    intercept: (request) => {
      slot.started?.();
      return slot.session?.handle(request);
    },
    interceptEvents: (socket) => {
      slot.started?.();
      if (!slot.stage) return false;
      slot.stage.accept(socket as WebSocket);
      return true;
    },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE' || error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL')
      throw new ConfigurationError(tr`Cannot listen on ${listen}: ${error.code}; pick another HOST:PORT.`);
    throw error;
  });
  return slot;
}

const undecidedForLoad = (result: CheckResult) =>
  result.status === 'skip' && isLoadClear(result.undecided?.clear);

interface RunContext {
  options: ClientRunOptions;
  timeoutMs: number;
  redactor: Redactor;
  total: number;
}

/** One scenario in its slot: the pagination pages or the event stage are the slot's while it runs. */
async function runScenario(
  scenario: AnyClientScenario,
  index: number,
  slot: Slot,
  { options, timeoutMs, redactor, total }: RunContext,
): Promise<CheckResult> {
  if (isEventScenario(scenario))
    return runEventScenario(scenario, {
      server: slot.server,
      command: options.command!,
      cwd: options.cwd ?? process.cwd(),
      timeoutMs,
      // A scenario that judges a period extends itself unless the user capped it (--scenario-timeout).
      timeoutGiven: options.scenarioTimeoutMs !== undefined,
      heartbeatMs: options.heartbeatMs ?? CLIENT_DEFAULTS.heartbeatMs,
      ...(options.signal ? { signal: options.signal } : {}),
      setStage: (next) => {
        slot.stage = next;
      },
    });
  const session = new ScenarioSession(scenario, scenario.list);
  slot.session = session;
  const began = Date.now();
  try {
    const judgement = await runPaginationScenario(session, slot.server, options, timeoutMs, index, total);
    return toCheckResult(scenario, session, judgement, Date.now() - began, slot.server.baseUrl, redactor);
  } finally {
    slot.session = undefined;
  }
}

/**
 * Every scenario, each suite's side by side (at most its --concurrency at once, each in a slot), in the
 * report in the order of a serial run. A scenario the machine's load left undecided while others ran is
 * run again alone once its suite is done.
 */
async function runAll(
  scenarios: readonly AnyClientScenario[],
  slots: Slot[],
  openMore: () => Promise<Slot>,
  context: RunContext,
): Promise<CheckResult[]> {
  const { options } = context;
  const results: (CheckResult | undefined)[] = new Array(scenarios.length).fill(undefined);
  const inOrder = new InOrder<CheckResult>(scenarios.length, (result) => options.onScenarioResult?.(result));
  const stop = () => Boolean(options.signal?.aborted);
  // Each running scenario listens for the abort (its script, its client's process group): a few each.
  const most = Math.max(
    ...[...new Set(scenarios.map(suiteOf))].map((suite) => options.concurrency ?? defaultConcurrency(suite)),
  );
  if (options.signal)
    setMaxListeners(Math.max(getMaxListeners(options.signal), 10 + 4 * most), options.signal);
  // In the order of --suite (chooseScenarios): a suite's scenarios side by side, the suites in turn.
  for (const suite of new Set(scenarios.map(suiteOf))) {
    const indexes = scenarios.flatMap((scenario, index) => (suiteOf(scenario) === suite ? [index] : []));
    if (indexes.length === 0) continue;
    const limit = options.listen
      ? 1
      : Math.min(options.concurrency ?? defaultConcurrency(suite), indexes.length);
    while (slots.length < limit) slots.push(await openMore());
    const again: number[] = [];
    await runInSlots(
      indexes.length,
      limit,
      async (at, slot, started) => {
        slots[slot].started = started;
        try {
          return await runScenario(scenarios[indexes[at]], indexes[at], slots[slot], context);
        } finally {
          slots[slot].started = undefined;
        }
      },
      {
        stop,
        // Side by side, the clients start a few at a time (as many as the cores).
        ...(limit > 1 ? { gate: new StartGate() } : {}),
        onDone: (at, result, beside) => {
          results[indexes[at]] = result;
          if (beside && undecidedForLoad(result)) again.push(indexes[at]);
          // Settled once every scenario of its suite has run: it judges what they saw too.
          else if (result.id !== ONE_CONNECTION_SCENARIO) inOrder.settle(indexes[at], result);
        },
      },
    );
    const oneConnection = indexes.find((index) => scenarios[index].id === ONE_CONNECTION_SCENARIO);
    if (oneConnection !== undefined && results[oneConnection] && !again.includes(oneConnection)) {
      foldHeldConnections(results[oneConnection]!, results);
      inOrder.settle(oneConnection, results[oneConnection]!);
    }
    for (const index of again.sort((a, b) => a - b)) {
      const first = results[index]!;
      if (!stop()) {
        const alone = await runScenario(scenarios[index], index, slots[0], context);
        const note = tr`run again alone: beside other scenarios it was undecided (${first.undecided!.state})`;
        alone.evidence = { ...alone.evidence!, notes: [...(alone.evidence?.notes ?? []), note] };
        results[index] = alone;
      }
      if (scenarios[index].id === ONE_CONNECTION_SCENARIO) foldHeldConnections(results[index]!, results);
      inOrder.settle(index, results[index]!);
    }
  }
  inOrder.flushAll();
  return results.filter((result): result is CheckResult => result !== undefined);
}

export async function runClientMode(options: ClientRunOptions): Promise<RunResult> {
  const suites: ClientSuite[] = [...new Set(options.suites ?? (['pagination'] as const))];
  const timeoutMs = validateOptions(options, suites);
  // The event scenarios judge conventions (should): with them, the default level counts should.
  const level = options.level ?? (suites.includes('events') ? 'should' : 'must');
  const scenarios = await chooseScenarios(options, suites);

  const startedAt = new Date();
  const token = `client-mode-${randomBytes(12).toString('hex')}`;
  const slots = [await openSlot(token, options.listen)];
  const redactor = new Redactor([{ value: token, placeholder: '$TOKEN' }]);
  let checks: CheckResult[];
  try {
    checks = await runAll(scenarios, slots, () => openSlot(token), {
      options,
      timeoutMs,
      redactor,
      total: scenarios.length,
    });
  } finally {
    for (const slot of slots) {
      slot.session = undefined;
      slot.stage = undefined;
    }
    await Promise.all(slots.map((slot) => slot.server.close()));
  }
  suggestLists(checks, scenarios);
  const interrupted = Boolean(options.signal?.aborted);
  const { server } = slots[0];
  const others =
    slots.length > 1 ? tr` (and ${slots.length - 1} more ports, one per scenario running at once)` : '';
  const judged = options.command ? `\`${options.command}\`` : tr`the client at ${options.listen}`;
  const by = suites.includes('events') ? tr`its requests, frames and event lines` : tr`its requests`;
  return {
    tool: { name: 'chat-conformance', version: toolVersion() },
    spec: { name: 'chat-platform-interface', catalogueHash: catalogueHash() },
    mode: 'client',
    target: {
      baseUrl: server.baseUrl,
      embedded: true,
      client: {
        ...(options.command ? { command: options.command } : { listen: options.listen! }),
        suites: [...suites],
      },
    },
    profile: 'strict',
    level,
    includeExperimental: false,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    variants: {},
    summary: summarize(checks),
    verdict: computeVerdict(checks, level, false, interrupted),
    checks,
    notes: [
      tr`client mode (${suites.join(', ')}): the checker served ${server.baseUrl}${others} and judged ${judged} by ${by}`,
    ],
    ...(interrupted ? { interrupted: true } : {}),
  };
}

/** One pagination scenario: run the command (or wait for the listened client) and judge it. */
async function runPaginationScenario(
  session: ScenarioSession,
  server: ReferenceServer,
  options: ClientRunOptions,
  timeoutMs: number,
  index: number,
  total: number,
): Promise<Judgement> {
  const env = scenarioEnv(server, session.scenario, session.list);
  const limitSource =
    options.scenarioTimeoutMs !== undefined
      ? '--scenario-timeout'
      : tr`the default limit; --scenario-timeout sets it`;
  if (options.command) {
    const outcome = await runClient({
      command: options.command,
      env,
      cwd: options.cwd ?? process.cwd(),
      timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return judgeCommandRun(session, outcome, timeoutMs, limitSource);
  }
  options.onListen?.({ scenario: session.scenario, env, index, total });
  const idleMs = options.idleMs ?? CLIENT_DEFAULTS.idleMs;
  return awaitListenedClient(session, { timeoutMs, limitSource, idleMs }, options.signal);
}

/** --listen: wait for the first list request, then until the client has been quiet for idleMs. */
async function awaitListenedClient(
  session: ScenarioSession,
  { timeoutMs, limitSource, idleMs }: { timeoutMs: number; limitSource: string; idleMs: number },
  signal?: AbortSignal,
): Promise<Judgement> {
  const deadline = Date.now() + timeoutMs;
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.race([session.firstRequest(), delay(timeoutMs, undefined, { signal: abort.signal })]);
  } catch {
    // Interrupted: judge what arrived.
  } finally {
    abort.abort();
    signal?.removeEventListener('abort', onAbort);
  }
  if (session.requests.length === 0) {
    return {
      problems: [tr`no ${session.operation} request arrived within ${timeoutMs} ms (${limitSource})`],
      notes: [],
    };
  }
  // Quiet for idleMs means done; the deadline bounds a client that never stops.
  for (;;) {
    if (signal?.aborted) break;
    const quietFor = Date.now() - session.requests.at(-1)!.at;
    if (quietFor >= idleMs || Date.now() >= deadline) break;
    await delay(Math.min(idleMs - quietFor, Math.max(deadline - Date.now(), 1)));
  }
  return {
    problems: judgeRequests(session),
    notes: [tr`--listen: judged from the requests only (a listened client cannot print its ids)`],
  };
}

const identity = (scenario: ClientScenario) => ({
  id: scenario.id,
  title: scenario.title,
  group: 'pagination' as const,
  level: scenario.level,
  experimental: false,
  rules: scenario.rules,
  operations: [LISTS[scenario.list].operation],
});

function toCheckResult(
  scenario: ClientScenario,
  session: ScenarioSession,
  judgement: Judgement,
  durationMs: number,
  baseUrl: string,
  redactor: Redactor,
): CheckResult {
  const exchanges = session.requests
    .slice(0, EXCHANGE_LIMIT)
    .map((request) => toExchange(request, baseUrl, redactor));
  const notes = [...judgement.notes];
  const expected = expectationOf(scenario);
  if (session.everyRequest.length > session.requests.length) notes.push(everyRequestNote(session, redactor));
  if (session.requests.length > EXCHANGE_LIMIT)
    notes.push(tr`${session.requests.length} requests; the first ${EXCHANGE_LIMIT} are shown`);
  if (judgement.unsupported) {
    const operation = LISTS[scenario.list].operation;
    const how = judgement.unsupported;
    const result: CheckResult = {
      ...identity(scenario),
      status: 'skip',
      reason: tr`not supported by the client: ${operation} (${how}); pass --list with the lists it covers`,
      durationMs,
      evidence: { expected, exchanges, ...(notes.length ? { notes } : {}) },
    };
    unsupportedIn.set(result, { operation, how });
    return result;
  }
  if (judgement.undecided) {
    // A claim of absence the client never gave a chance to show (it made no request): never a pass.
    const { state, clear } = judgement.undecided;
    return {
      ...identity(scenario),
      status: 'skip',
      reason: tr`could not be decided: ${state} (${clear})`,
      undecided: judgement.undecided,
      durationMs,
      evidence: {
        expected,
        ...(judgement.problems.length ? { observed: judgement.problems.join('; ') } : {}),
        exchanges,
        ...(notes.length ? { notes } : {}),
      },
    };
  }
  const [reason] = judgement.problems;
  return {
    ...identity(scenario),
    status: reason ? 'fail' : 'pass',
    ...(reason ? { reason } : {}),
    durationMs,
    evidence: {
      expected,
      ...(reason ? { observed: judgement.problems.join('; ') } : {}),
      exchanges,
      ...(notes.length ? { notes } : {}),
    },
  };
}

/**
 * Every request the client made, in order, when some went to another operation than the scenario's list
 * (the exchanges show the list's only): which operation, with what fields (cut, the token redacted).
 */
function everyRequestNote(session: ScenarioSession, redactor: Redactor): string {
  const shown = session.everyRequest
    .slice(0, EXCHANGE_LIMIT)
    .map(
      (request, index) =>
        `${index + 1}. ${request.operation} ${shorten(redactor.redact(JSON.stringify(request.fields)), 200)}`,
    );
  const more =
    session.everyRequest.length > EXCHANGE_LIMIT ? tr`\n… (${session.everyRequest.length} in all)` : '';
  return tr`every request the client made (the scenario's list is ${session.operation}):\n${shown.join('\n')}${more}`;
}

/** A request the client made and the page served, as report evidence (the token redacted). */
function toExchange(request: ClientRequest, baseUrl: string, redactor: Redactor): Exchange {
  const headers = redactor.redactHeaders(request.headers);
  const body = JSON.stringify(request.fields);
  const responseBody = JSON.stringify(request.page);
  const url = `${baseUrl}/${request.operation}`;
  return {
    request: { method: 'POST', url, headers, body },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: responseBody.slice(0, BODY_LIMIT),
      ...(responseBody.length > BODY_LIMIT ? { truncated: true } : {}),
    },
    durationMs: 0,
    curl: renderCurl({ method: 'POST', url, headers, body }),
  };
}
