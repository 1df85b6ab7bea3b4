/**
 * Programmatic API (what bin/ and the self-tests call): run(options) → RunResult.
 * It starts the embedded reference when asked, opens the event stream, resolves the sandbox, runs the
 * checks and undoes the ledger. It prints nothing; progress goes through callbacks.
 */
import { request } from 'undici';
import { catalogueHash } from '../spec/index.js';
import { detectVariants } from '../suites/_lib/variants.js';
import { renderCurl } from './client/curl.js';
import { Findings } from './client/findings.js';
import { HttpClient } from './client/http.js';
import { Redactor } from './client/redact.js';
import { openEventSource } from './events/index.js';
import type { EventSource } from './events/source.js';
import { NoReadyError } from './events/ws.js';
import type { ReferenceServer } from './reference/contract.js';
import { VARIANT_POINTS } from './reference/contract.js';
import type { CheckDefinition } from './runner/check.js';
import type { CheckEnvironment } from './runner/context.js';
import { loadFaultCatalogue, startEmbedded } from './runner/embedded.js';
import { ConfigurationError, UnreachableError } from './runner/errors.js';
import { Ledger } from './runner/ledger.js';
import { loadChecks, validateChecks } from './runner/load.js';
import {
  type CheckResult,
  type CleanupRecord,
  GROUPS,
  type Group,
  type Level,
  type RunPhase,
  type RunResult,
} from './runner/model.js';
import { executeChecks, undoLedger } from './runner/run.js';
import { resolveSandbox } from './runner/sandbox.js';
import { specValidate } from './runner/schema.js';
import { selectChecks } from './runner/select.js';
import { computeVerdict, summarize } from './runner/summary.js';
import { commandTrigger, type Trigger, urlTrigger } from './runner/trigger.js';
import { toolVersion } from './runner/version.js';

export type { CheckContext, CheckDefinition } from './runner/check.js';
export { defineCheck } from './runner/check.js';
export { ConfigurationError, UnreachableError } from './runner/errors.js';
export type * from './runner/model.js';

export interface RunOptions {
  /** The implementation's base address, e.g. http://127.0.0.1:5140/v1. Excludes `embedded`. */
  baseUrl?: string;
  /** Start the reference implementation in-process and check it (its identities give tokens, ids, trigger). */
  embedded?: boolean;
  /** Use this already started reference as the embedded target (tests, faults matrix); not closed by run(). */
  reference?: ReferenceServer;
  token?: string;
  peerToken?: string;
  peerSelfId?: string;
  /** Extra headers for every request (--header K:V). */
  headers?: Record<string, string>;
  platform?: string;
  selfId?: string;
  guild?: string;
  channel?: string;
  user?: string;
  suites?: string[];
  grep?: string;
  /** Verdict level (default 'must'). */
  level?: Level;
  includeExperimental?: boolean;
  profile?: 'satori' | 'strict';
  /** Per-request timeout (default 10 000 ms). */
  timeoutMs?: number;
  /** How long t.events.waitFor waits (default 5000 ms). */
  eventTimeoutMs?: number;
  /** Per-check timeout (default 30 000 ms). */
  checkTimeoutMs?: number;
  /**
   * Whole-run deadline (default 600 000 ms): then no check starts, those in flight are stopped and the
   * cleanup runs within its own budget (cleanupTimeoutMs).
   */
  runTimeoutMs?: number;
  /** Cleanup budget (default 3 request timeouts, between 5 s and 60 s). */
  cleanupTimeoutMs?: number;
  /**
   * Keep this file up to date with what the run created and has not undone (curl commands to delete it
   * by hand): written on every change, so a second Ctrl-C or a crash still leaves it; removed when the
   * cleanup leaves nothing.
   */
  ledgerFile?: string;
  /** Checks in flight at once (default 8). */
  concurrency?: number;
  /** Faults of the embedded reference to switch on (only with embedded). */
  faults?: string[];
  /**
   * Tolerances of the embedded reference to switch on (only with embedded): legal variations real
   * servers show, ids or presets such as 'legacy' (conformance serve --list-tolerances).
   */
  tolerances?: string[];
  /** §4.8 variants, e.g. { 'role-payload': 'role' }: chosen for the run (embedded: also for the reference). */
  variants?: Record<string, string>;
  /**
   * The target's message.list limit bound (§8.2 leaves it unstated), so the clamping checks can test
   * bound+1; embedded: also the bound the reference enforces (default: the reference's 100).
   */
  limitBound?: number;
  /** Two or more emoji ids valid on the target, for the reaction checks (default 👍 and ❤️). */
  emoji?: string[];
  /** Embedded reference: delay added to every response (benchmarks). */
  latencyMs?: number;
  events?: 'ws' | 'webhook' | 'none';
  eventsUrl?: string;
  /** host:port for the webhook receiver (default 127.0.0.1:0). */
  webhookListen?: string;
  triggerUrl?: string;
  /** Headers sent only to --trigger-url (e.g. its own auth), never to the implementation. */
  triggerHeaders?: Record<string, string>;
  triggerCommand?: string;
  allowDestructive?: boolean;
  /** Run these checks instead of loading suites/ (tests, examples). */
  checks?: CheckDefinition[];
  /** The suites folder(s) to load (default the package's suites/). */
  suitesDir?: string | string[];
  /** Aborting stops starting checks, aborts those in flight, then cleans up (SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /** false only in the safety self-test: leaves everything the run created in place. */
  cleanup?: boolean;
  onRunStart?: (info: { total: number; target: string }) => void;
  onCheckStart?: (check: CheckDefinition) => void;
  onCheckResult?: (result: CheckResult, progress: { done: number; total: number }) => void;
  onCleanup?: (records: CleanupRecord[]) => void;
}

export const DEFAULTS = {
  level: 'must' as Level,
  profile: 'satori' as const,
  timeoutMs: 10_000,
  eventTimeoutMs: 5_000,
  checkTimeoutMs: 30_000,
  runTimeoutMs: 600_000,
  concurrency: 8,
  events: 'ws' as const,
};

/** Checks the options make sense together; every message says what to change. */
export function validateRunOptions(options: RunOptions): void {
  const fail = (message: string): never => {
    throw new ConfigurationError(message);
  };
  const embedded = options.embedded || options.reference !== undefined;
  if (!embedded && !options.baseUrl) fail('Pass --base-url URL (the implementation to check) or --embedded.');
  if (options.embedded && options.baseUrl)
    fail('--base-url and --embedded exclude each other: pass one of them.');
  if (options.baseUrl) {
    let url: URL | undefined;
    try {
      url = new URL(options.baseUrl);
    } catch {
      fail(`--base-url '${options.baseUrl}' is not a URL: write it like http://127.0.0.1:5140/v1`);
    }
    if (url && !/^https?:$/.test(url.protocol))
      fail(`--base-url must be http:// or https:// (got ${url.protocol})`);
  }
  if (options.faults?.length && !embedded) {
    fail(
      '--fault only works with --embedded (faults are switched on in the embedded reference implementation).',
    );
  }
  if (options.tolerances?.length && !embedded) {
    fail(
      '--tolerate only works with --embedded (tolerances are switched on in the embedded reference implementation).',
    );
  }
  if (options.latencyMs !== undefined && !embedded) fail('--latency only works with --embedded.');
  if (options.limitBound !== undefined && !(Number.isInteger(options.limitBound) && options.limitBound > 0)) {
    fail('--limit-bound must be a whole number above 0 (the largest page message.list returns)');
  }
  if (options.emoji && (options.emoji.length < 2 || options.emoji.some((id) => !id))) {
    fail('--emoji needs two or more emoji ids valid on the target, comma-separated, e.g. --emoji 👍,❤️');
  }
  if (options.level && !['must', 'should', 'info'].includes(options.level)) {
    fail(`--level must be must, should or info (got '${options.level}')`);
  }
  if (options.profile && !['satori', 'strict'].includes(options.profile)) {
    fail(`--profile must be satori or strict (got '${options.profile}')`);
  }
  if (options.events && !['ws', 'webhook', 'none'].includes(options.events)) {
    fail(`--events must be ws, webhook or none (got '${options.events}')`);
  }
  for (const suite of options.suites ?? []) {
    if (!GROUPS.includes(suite as Group))
      fail(`--suite '${suite}' is unknown: use one of ${GROUPS.join(', ')}`);
  }
  if (options.grep) {
    try {
      new RegExp(options.grep);
    } catch (error) {
      fail(`--grep '${options.grep}' is not a valid regular expression: ${(error as Error).message}`);
    }
  }
  for (const [point, value] of Object.entries(options.variants ?? {})) {
    const values = (VARIANT_POINTS as Record<string, readonly string[]>)[point];
    if (!values)
      fail(`--variant: unknown point '${point}'; points are ${Object.keys(VARIANT_POINTS).join(', ')}`);
    if (!values.includes(value)) fail(`--variant ${point}: '${value}' is not one of ${values.join(', ')}`);
  }
  const positive = (name: string, value: number | undefined) => {
    if (value !== undefined && !(Number.isFinite(value) && value > 0))
      fail(`${name} must be a positive number`);
  };
  positive('--timeout', options.timeoutMs);
  positive('--event-timeout', options.eventTimeoutMs);
  positive('--concurrency', options.concurrency);
  positive('--check-timeout', options.checkTimeoutMs);
  positive('--run-timeout', options.runTimeoutMs);
  positive('--cleanup-timeout', options.cleanupTimeoutMs);
  if (options.concurrency !== undefined && !Number.isInteger(options.concurrency)) {
    fail('--concurrency must be a whole number');
  }
  if (options.triggerUrl && options.triggerCommand)
    fail('Pass --trigger-url or --trigger-command, not both.');
  if (options.webhookListen && !/^[^:]+:\d+$/.test(options.webhookListen)) {
    fail(`--webhook-listen must be HOST:PORT (got '${options.webhookListen}')`);
  }
}

/** Unicode emoji: what servers of the family most often take as emoji_id (the reference takes any id). */
const DEFAULT_EMOJI = ['👍', '❤️'];

const defaultVariants = (): Record<string, string> =>
  Object.fromEntries(Object.entries(VARIANT_POINTS).map(([point, values]) => [point, values[0]]));

/** Why a phase was left early: a signal, the run deadline or an unresponsive target. */
class PhaseStopped extends Error {
  override name = 'PhaseStopped';
}

/** Resolves as `promise` does, or rejects as soon as `signal` aborts (the promise is left to its own bound). */
function unlessStopped<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  abandon?: (value: T) => void,
): Promise<T> {
  if (signal.aborted) {
    promise.then(abandon, () => undefined);
    return Promise.reject(new PhaseStopped(String(signal.reason)));
  }
  return new Promise<T>((resolve, reject) => {
    let stopped = false;
    const onAbort = () => {
      stopped = true;
      promise.then(abandon, () => undefined);
      reject(new PhaseStopped(String(signal.reason)));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (!stopped) resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        if (!stopped) reject(error);
      },
    );
  });
}

const partialResults = new WeakMap<object, RunResult>();

/**
 * The partial RunResult of a run that ended with an error after its options were valid (exit 2/3): what
 * it knew (notes, findings, cleanup, where it stopped), so the CLI still writes the reports.
 */
export const partialResultOf = (error: unknown): RunResult | undefined =>
  typeof error === 'object' && error !== null ? partialResults.get(error) : undefined;

/** Runs the checks against the target and returns the run result (reports are the caller's business). */
export async function run(options: RunOptions): Promise<RunResult> {
  validateRunOptions(options);
  const startedAt = new Date();
  const started = performance.now();
  const notes: string[] = [];
  // With faults on, the target is broken on purpose: the run is self-verification, so unless told
  // otherwise the verdict counts every level that can fail and the experimental checks, and events come
  // over the transport the faults need (webhook faults show only on webhook delivery).
  const faultDefinitions = loadFaultCatalogue().filter((fault) => options.faults?.includes(fault.id));
  const faultMode = faultDefinitions.length > 0;
  const level = options.level ?? (faultMode ? 'should' : DEFAULTS.level);
  const profile = options.profile ?? DEFAULTS.profile;
  const includeExperimental = options.includeExperimental ?? faultMode;
  const faultTransport = faultDefinitions.map((fault) => fault.runWith?.events).find(Boolean);
  if (faultMode && (options.level === undefined || options.includeExperimental === undefined)) {
    notes.push(
      'faults are on: the verdict counts should-level and experimental checks (pass --level must to narrow it)',
    );
  }
  const eventTimeoutMs = options.eventTimeoutMs ?? DEFAULTS.eventTimeoutMs;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const runTimeoutMs = options.runTimeoutMs ?? DEFAULTS.runTimeoutMs;

  const checks = options.checks ?? (await loadSuites(options.suitesDir));
  validateChecks(checks);

  // Issue 12: one signal stops every phase — the user's (SIGINT/SIGTERM), the run deadline, or a target
  // declared unresponsive; `where` says what the run was waiting for when it stopped.
  const stop = new AbortController();
  let stopReason: string | undefined;
  const where: { phase: RunPhase; waitingFor?: string } = { phase: 'connect' };
  const inFlight = new Set<string>();
  const waitingFor = () =>
    where.phase === 'checks' && inFlight.size
      ? `${inFlight.size} check(s) in flight: ${[...inFlight].slice(0, 5).join(', ')}${inFlight.size > 5 ? ', …' : ''}`
      : where.waitingFor;
  /** Where the run was when it stopped (the cleanup that follows does not change it). */
  let stoppedAt: { phase: RunPhase; waitingFor?: string } | undefined;
  const markStop = () => {
    const waiting = waitingFor();
    stoppedAt = { phase: where.phase, ...(waiting ? { waitingFor: waiting } : {}) };
  };
  const stopWith = (reason: string) => {
    if (stop.signal.aborted) return;
    markStop();
    stopReason = `${reason} (${where.phase}${stoppedAt?.waitingFor ? `, waiting for ${stoppedAt.waitingFor}` : ''})`;
    stop.abort(stopReason);
  };
  const onUserSignal = () => {
    if (stop.signal.aborted) return;
    markStop();
    stop.abort(options.signal?.reason ?? 'SIGINT');
  };
  if (options.signal?.aborted) onUserSignal();
  else options.signal?.addEventListener('abort', onUserSignal, { once: true });
  const deadline = setTimeout(
    () => stopWith(`the run deadline of ${runTimeoutMs} ms (--run-timeout) was reached`),
    runTimeoutMs,
  );
  deadline.unref();
  const findings = new Findings();

  let reference = options.reference;
  const ownsReference = options.embedded && !reference;
  let source: EventSource | undefined;
  let client: HttpClient | undefined;
  let registeredWebhook: string | undefined;
  let redactor = new Redactor([]);
  let ledger: Ledger | undefined;
  let baseUrl = options.baseUrl ?? '';
  let variants: Record<string, string> = { ...defaultVariants(), ...(options.variants ?? {}) };
  let sandbox: RunResult['sandbox'];
  let cleanup: CleanupRecord[] | undefined;

  const result = (outcome: { results: CheckResult[]; interrupted: boolean; failed?: string }): RunResult => {
    if (source) {
      for (const note of source.notes())
        if (!notes.includes(`event stream: ${note}`)) notes.push(`event stream: ${note}`);
      for (const finding of source.findings?.() ?? []) findings.add(finding);
    }
    const stoppedReason =
      outcome.failed ?? stopReason ?? (outcome.interrupted ? String(stop.signal.reason) : undefined);
    if (stoppedReason && !stoppedAt) markStop();
    return redactor.redactDeep<RunResult>({
      tool: { name: 'chat-conformance', version: toolVersion() },
      spec: { name: 'chat-platform-interface', catalogueHash: catalogueHash() },
      target: {
        baseUrl,
        embedded: reference !== undefined,
        ...(reference ? { faults: [...reference.faults] } : {}),
      },
      profile,
      level,
      includeExperimental,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      variants,
      summary: summarize(outcome.results),
      verdict: computeVerdict(
        outcome.results,
        level,
        includeExperimental,
        outcome.interrupted || stoppedReason !== undefined,
      ),
      checks: outcome.results,
      ...(cleanup ? { cleanup } : {}),
      notes,
      ...(sandbox ? { sandbox } : {}),
      ...(outcome.interrupted ? { interrupted: true } : {}),
      ...(stoppedReason && stoppedAt ? { stopped: { reason: stoppedReason, ...stoppedAt } } : {}),
      ...(findings.list().length ? { findings: findings.list() } : {}),
    });
  };

  try {
    if (ownsReference) {
      reference = await startEmbedded({
        ...(options.faults?.length ? { faults: options.faults } : {}),
        ...(options.tolerances?.length ? { tolerances: options.tolerances } : {}),
        ...(options.variants ? { variants: options.variants as never } : {}),
        ...(options.limitBound !== undefined ? { limitBound: options.limitBound } : {}),
        ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
      });
    }
    if (reference?.tolerances.length)
      notes.push(`reference tolerances on: ${reference.tolerances.join(', ')}`);
    const identities = reference?.identities;
    const limitBound = options.limitBound ?? reference?.limitBound;
    baseUrl = reference?.baseUrl ?? options.baseUrl!;
    variants = { ...defaultVariants(), ...(reference?.variants ?? {}), ...(options.variants ?? {}) };
    const token = options.token ?? identities?.self.token;
    let platform = options.platform ?? identities?.self.platform;
    let selfId = options.selfId ?? identities?.self.userId;
    const peerToken = options.peerToken ?? identities?.peer.token;
    const peerSelfId = options.peerSelfId ?? identities?.peer.userId;

    client = new HttpClient({
      baseUrl,
      self: { token, platform, selfId },
      peer: { token: peerToken, selfId: peerSelfId },
      ...(options.headers ? { headers: options.headers } : {}),
      timeoutMs,
      findings,
      onUnresponsive: (why) => stopWith(`the target is unresponsive: ${why}`),
      // The embedded reference's tokens are published constants, not secrets (see Redactor).
      publicTokens: options.token === undefined && options.peerToken === undefined && reference !== undefined,
    });
    redactor = client.redactor;
    const http = client;
    ledger = new Ledger();
    if (options.ledgerFile) {
      ledger.persistTo({
        path: options.ledgerFile,
        curl: (entry) =>
          renderCurl({
            method: 'POST',
            url: `${http.baseUrl}/${entry.undo[0]}`,
            headers: http.redactor.redactHeaders(http.identityHeaders(entry.as)),
            body: http.redactor.redact(JSON.stringify(entry.undo[1])),
          }),
      });
    }

    // Events first: READY may tell the bot's user id (de-facto conventions, Events).
    const events = options.events ?? faultTransport ?? DEFAULTS.events;
    let eventsUnavailableReason =
      'needs an event stream: events are off (--events none); pass --events ws or webhook';
    if (events !== 'none') {
      const eventsUrl =
        options.eventsUrl ??
        reference?.eventsUrl ??
        `${baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}/events`;
      where.waitingFor =
        events === 'ws' ? `the event WebSocket and its READY (${eventsUrl})` : 'the webhook receiver';
      try {
        source = await unlessStopped(
          openEventSource(
            events === 'ws'
              ? {
                  kind: 'ws',
                  url: eventsUrl,
                  ...(token ? { token } : {}),
                  ...(selfId ? { selfId } : {}),
                  ...(platform ? { platform } : {}),
                  connectTimeoutMs: Math.min(timeoutMs, 10_000),
                  signal: stop.signal,
                }
              : {
                  kind: 'webhook',
                  listen: options.webhookListen ?? '127.0.0.1:0',
                  ...(token ? { token } : {}),
                  ...(selfId ? { selfId } : {}),
                },
          ),
          stop.signal,
          (late) => void late.close().catch(() => undefined),
        );
        if (source.webhookUrl && reference) {
          await registerWebhook(reference, source.webhookUrl, 'POST');
          registeredWebhook = source.webhookUrl;
        } else if (source.webhookUrl) {
          notes.push(
            `webhook receiver listening at ${source.webhookUrl}: register it with the implementation`,
          );
        }
        const logins: any[] = Array.isArray(source.ready?.body?.logins) ? source.ready.body.logins : [];
        if (!selfId && logins.length > 0) {
          const login = logins[0];
          selfId = login?.user?.id ?? login?.self_id;
          platform ??= login?.platform;
          if (selfId)
            notes.push(`bot user id ${selfId} taken from READY (first login); pass --self-id to choose`);
        }
        for (const note of source.notes()) notes.push(`event stream: ${note}`);
      } catch (error) {
        if (error instanceof PhaseStopped) throw error;
        const message = (error as Error).message;
        if (error instanceof NoReadyError) {
          for (const finding of error.findings) findings.add(finding);
          findings.add({
            id: 'events/no-ready',
            level: 'should',
            title: 'The event stream never sent READY after IDENTIFY (event checks are skipped)',
            detail: message,
          });
        }
        eventsUnavailableReason = `needs an event stream, but it could not be opened (${message}); check --events-url or use --events webhook`;
        notes.push(`event stream unavailable: ${message}`);
      }
    }

    where.phase = 'discovery';
    where.waitingFor = `guild.list / channel.list at ${baseUrl}`;
    // Embedded: the reference's seeded test guild, so a resource fault cannot hide behind discovery.
    const resolved = await unlessStopped(
      resolveSandbox(
        client,
        {
          guildId: options.guild ?? reference?.sandbox.guildId,
          channelId: options.channel ?? reference?.sandbox.channelId,
          selfId,
          peerId: peerSelfId,
          userId: options.user,
        },
        stop.signal,
      ),
      stop.signal,
    );
    notes.push(...resolved.notes);
    sandbox = resolved.sandbox;

    if (!reference) {
      where.phase = 'variants';
      where.waitingFor = 'the §4.8 variant probes';
      // §4.8: which variant the target follows is not shown, so probe it (--variant overrides a point).
      const detection = await unlessStopped(
        detectVariants(
          async (operation, fields) =>
            (await http.call(operation, fields ?? {}, { signal: stop.signal })).result,
          resolved.sandbox,
          options.variants ?? {},
        ),
        stop.signal,
      );
      Object.assign(variants, detection.variants);
      notes.push(...detection.notes.map((note) => `variant ${note}`));
      for (const entry of detection.undo) ledger.add(entry, 'variant detection');
    }

    let trigger: Trigger | undefined;
    if (options.triggerUrl)
      trigger = urlTrigger(options.triggerUrl, {
        ...(options.triggerHeaders ? { headers: options.triggerHeaders } : {}),
      });
    else if (options.triggerCommand) trigger = commandTrigger(options.triggerCommand);
    else if (reference) {
      trigger = urlTrigger(`${reference.controlUrl.replace(/\/+$/, '')}/trigger`, {
        token: reference.identities.self.token,
      });
    }

    const selected = selectChecks(checks, { suites: options.suites, grep: options.grep, profile, variants });
    const env: CheckEnvironment = {
      client,
      sandbox: resolved.sandbox,
      variants,
      config: {
        ...(limitBound !== undefined ? { limitBound } : {}),
        hasToken: Boolean(token),
        emoji: options.emoji ?? DEFAULT_EMOJI,
      },
      ledger,
      source,
      eventsUnavailableReason,
      trigger,
      triggerUnavailableReason:
        'needs a trigger to cause incoming events: pass --trigger-url URL or --trigger-command CMD (or run --embedded)',
      eventTimeoutMs,
      validate: specValidate,
    };
    where.phase = 'checks';
    where.waitingFor = undefined;
    options.onRunStart?.({ total: selected.length, target: baseUrl });
    const outcome = await executeChecks(selected, env, {
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      checkTimeoutMs: options.checkTimeoutMs ?? DEFAULTS.checkTimeoutMs,
      capabilities: {
        peer: Boolean(options.peerToken || peerSelfId),
        allowDestructive: options.allowDestructive ?? false,
      },
      signal: stop.signal,
      cleanup: options.cleanup !== false,
      stopReason: () => stopReason,
      stragglerGraceMs: Math.min(12_000, timeoutMs + 1_000),
      cleanupBudgetMs: cleanupBudget(options, timeoutMs),
      onCleanupStart: () => {
        where.phase = 'cleanup';
        where.waitingFor = `the undo of ${ledger?.pending().length ?? 0} ledger entries`;
      },
      onCheckStart: (check) => {
        inFlight.add(check.id);
        options.onCheckStart?.(check);
      },
      onCheckResult: (checkResult, progress) => {
        inFlight.delete(checkResult.id);
        options.onCheckResult?.(checkResult, progress);
      },
    });
    cleanup = outcome.cleanup;
    options.onCleanup?.(outcome.cleanup);
    const interrupted = outcome.interrupted && stopReason === undefined;
    const finished = result({ results: outcome.results, interrupted });
    requestCounts.set(finished, client.requestCount);
    return finished;
  } catch (error) {
    // Before the checks: still undo what variant detection created, and say where the run stopped.
    if (ledger && cleanup === undefined && client && options.cleanup !== false) {
      where.phase = 'cleanup';
      cleanup = await undoLedger(
        { client, ledger, eventsUnavailableReason: '', triggerUnavailableReason: '' } as CheckEnvironment,
        cleanupBudget(options, timeoutMs),
      );
      options.onCleanup?.(cleanup);
    }
    const userStop = stop.signal.aborted && stopReason === undefined;
    if (error instanceof PhaseStopped && userStop) return result({ results: [], interrupted: true });
    const stopped =
      error instanceof PhaseStopped
        ? new UnreachableError(
            `The run stopped before its checks: ${stopReason ?? error.message}. Check that the implementation answers at ${baseUrl}, or raise --run-timeout.`,
            baseUrl,
          )
        : error;
    if (stopped instanceof Error) {
      stopped.message = redactor.redact(stopped.message);
      partialResults.set(stopped, result({ results: [], interrupted: false, failed: stopped.message }));
    }
    throw stopped;
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onUserSignal);
    if (registeredWebhook && reference)
      await registerWebhook(reference, registeredWebhook, 'DELETE').catch(() => undefined);
    await source?.close().catch(() => undefined);
    await client?.close().catch(() => undefined);
    if (ownsReference) await reference?.close().catch(() => undefined);
  }
}

/** Cleanup's own budget (issue 12): a few request timeouts, at least 5 s, at most a minute. */
const cleanupBudget = (options: RunOptions, timeoutMs: number): number =>
  options.cleanupTimeoutMs ?? Math.min(60_000, Math.max(5_000, 3 * timeoutMs));

/** The embedded reference delivers webhooks to URLs registered on its control endpoint. */
async function registerWebhook(
  reference: ReferenceServer,
  url: string,
  method: 'POST' | 'DELETE',
): Promise<void> {
  const response = await request(`${reference.controlUrl.replace(/\/+$/, '')}/webhooks`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${reference.identities.self.token}`,
    },
    body: JSON.stringify({ url }),
  });
  await response.body.text();
  if (response.statusCode >= 300)
    throw new Error(`registering the webhook failed: HTTP ${response.statusCode}`);
}

async function loadSuites(dirs: string | string[] | undefined): Promise<CheckDefinition[]> {
  if (dirs === undefined) return loadChecks();
  const loaded: CheckDefinition[] = [];
  for (const dir of Array.isArray(dirs) ? dirs : [dirs]) loaded.push(...(await loadChecks(dir)));
  return loaded;
}

const requestCounts = new WeakMap<RunResult, number>();

/** How many HTTP requests a run sent (benchmarks); undefined for a result not made by run(). */
export const requestsSent = (result: RunResult): number | undefined => requestCounts.get(result);

export type { FaultDefinition, ReferenceOptions, ReferenceServer } from './reference/contract.js';
// The rest of the programmatic API (README "Programmatic API"): the reference, the report writers,
// reading, comparing and gating reports.
export { startReference } from './reference/index.js';
export { compareRuns, hasRegressions, type RunComparison } from './report/compare.js';
export {
  defaultReporters,
  type RenderedReport,
  type ReporterName,
  renderReports,
  reporterNames,
} from './report/index.js';
export { parseRunResult } from './report/parse.js';
export { applyBaseline, loadExpectedFailures } from './runner/baseline.js';
export { loadChecks } from './runner/load.js';
export { selectChecks } from './runner/select.js';
export { type StartedTarget, type StartTargetOptions, startTarget } from './runner/start-target.js';
