/**
 * What a run knows while it runs (src/index.ts run(), src/run-steps.ts): its settled options, its stop
 * signal and where it is, what it has built so far; it assembles the result and tears down.
 */

import { request } from 'undici';
import { VARIANT_POINTS } from '../spec/catalogue.js';
import { catalogueHash } from '../spec/index.js';
import { formatRate, parseRate } from '../spec/rate.js';
import { Findings } from './client/findings.js';
import type { HttpClient, HttpClientOptions } from './client/http.js';
import { Redactor } from './client/redact.js';
import { loadFaultCatalogue } from './embedded.js';
import type { EventSource } from './events/source.js';
import { tr } from './i18n/index.js';
import { DEFAULTS, type RunOptions } from './options.js';
import type { ReferenceServer } from './reference/contract.js';
import type { Learned } from './runner/capabilities.js';
import { factsOf, findCauses } from './runner/causes.js';
import { CHECK_SHAPE } from './runner/context.js';
import type { Ledger } from './runner/ledger.js';
import type {
  CheckResult,
  CleanupRecord,
  Level,
  RunCapabilities,
  RunPhase,
  RunResult,
} from './runner/model.js';
import type { PeerStanding } from './runner/peer.js';
import { computeVerdict, summarize } from './runner/summary.js';
import { findUndecidedCauses } from './runner/undecided-causes.js';
import { toolVersion } from './runner/version.js';

export const defaultVariants = (): Record<string, string> =>
  Object.fromEntries(Object.entries(VARIANT_POINTS).map(([point, values]) => [point, values[0]]));

/** Why a phase was left early: a signal, the run deadline or an unresponsive target. */
export class PhaseStopped extends Error {
  override name = 'PhaseStopped';
}

/** Resolves as `promise` does, or rejects as soon as `signal` aborts (the promise is left to its own bound). */
export function unlessStopped<T>(
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

/** The options settled once: levels, timeouts, and what fault mode changes. */
export interface Settings {
  level: Level;
  profile: NonNullable<RunOptions['profile']>;
  includeExperimental: boolean;
  events: NonNullable<RunOptions['events']>;
  timeoutMs: number;
  eventTimeoutMs: number;
  runTimeoutMs: number;
  cleanupBudgetMs: number;
}

function settle(options: RunOptions, notes: string[]): Settings {
  // With faults on, the target is broken on purpose: the run is self-verification, so unless told
  // otherwise the verdict counts every level that can fail and the experimental checks, and events come
  // over the transport the faults need (webhook faults show only on webhook delivery).
  const faults = loadFaultCatalogue().filter((fault) => options.faults?.includes(fault.id));
  const faultMode = faults.length > 0;
  if (faultMode && (options.level === undefined || options.includeExperimental === undefined)) {
    notes.push(
      tr`faults are on: the verdict counts should-level and experimental checks (pass --level must to narrow it)`,
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  return {
    level: options.level ?? (faultMode ? 'should' : DEFAULTS.level),
    profile: options.profile ?? DEFAULTS.profile,
    includeExperimental: options.includeExperimental ?? faultMode,
    events: options.events ?? faults.map((fault) => fault.runWith?.events).find(Boolean) ?? DEFAULTS.events,
    timeoutMs,
    eventTimeoutMs: options.eventTimeoutMs ?? DEFAULTS.eventTimeoutMs,
    runTimeoutMs: options.runTimeoutMs ?? DEFAULTS.runTimeoutMs,
    // Cleanup's own budget (issue 12): a few request timeouts, at least 5 s, at most a minute.
    cleanupBudgetMs: options.cleanupTimeoutMs ?? Math.min(60_000, Math.max(5_000, 3 * timeoutMs)),
  };
}

/** Who the run speaks as, and the target's bounds: from the options, else the embedded reference. */
export interface Target {
  token?: string | undefined;
  platform?: string | undefined;
  selfId?: string | undefined;
  peerToken?: string | undefined;
  peerSelfId?: string | undefined;
  limitBound?: number | undefined;
  /** --events webhook: the token the receiver is registered with (--webhook-token, or the run's own). */
  webhookToken?: string | undefined;
}

type Where = { phase: RunPhase; waitingFor?: string };

/**
 * A run's requests, measured against the reference (a default run: 292 requests, 257 of them by its 152
 * checks): setup, detection and cleanup, and a check's on average. An estimate, said to be one.
 */
const REQUESTS_OUTSIDE_CHECKS = 35;
const REQUESTS_PER_CHECK = 1.7;

export class RunState {
  readonly startedAt = new Date();
  readonly started = performance.now();
  readonly notes: string[] = [];
  readonly findings = new Findings();
  readonly settings: Settings;
  /** Issue 12: one signal stops every phase — the user's (SIGINT/SIGTERM), the run deadline, or a target
   * declared unresponsive; `where` says what the run was waiting for when it stopped. */
  readonly stop = new AbortController();
  stopReason: string | undefined;
  /** The run stopped because a wait for quota would have ended past its deadline: no verdict. */
  stoppedForQuota = false;
  readonly where: Where = { phase: 'connect' };
  readonly inFlight = new Set<string>();
  /** Where the run was when it stopped (the cleanup that follows does not change it). */
  stoppedAt: Where | undefined;
  reference: ReferenceServer | undefined;
  readonly ownsReference: boolean;
  baseUrl: string;
  variants: Record<string, string>;
  sandbox: RunResult['sandbox'];
  cleanup: CleanupRecord[] | undefined;
  source: EventSource | undefined;
  client: HttpClient | undefined;
  ledger: Ledger | undefined;
  registeredWebhook: string | undefined;
  /** The peer proven another account, or why not (src/runner/peer.ts); undefined before the proof. */
  peer: PeerStanding | undefined;
  /** What the login offers and who the run acts as, learned from the server (src/runner/capabilities.ts). */
  learned: Learned | undefined;
  /** The identities the client's headers name, read at each request (learnCapabilities completes them). */
  clientIdentity: { self: HttpClientOptions['self']; peer: HttpClientOptions['self'] } = {
    self: {},
    peer: {},
  };
  redactor = new Redactor([]);
  /** Ends the redactor's guard over every cut (spec/brief.ts), at teardown. */
  releaseCuts: (() => void) | undefined;
  readonly #deadline: NodeJS.Timeout;
  readonly #onUserSignal = () => {
    if (this.stop.signal.aborted) return;
    this.markStop();
    this.stop.abort(this.options.signal?.reason ?? 'SIGINT');
  };

  constructor(readonly options: RunOptions) {
    this.settings = settle(options, this.notes);
    this.reference = options.reference;
    this.ownsReference = Boolean(options.embedded && !options.reference);
    this.baseUrl = options.baseUrl ?? '';
    this.variants = { ...defaultVariants(), ...(options.variants ?? {}) };
    if (options.signal?.aborted) this.#onUserSignal();
    else options.signal?.addEventListener('abort', this.#onUserSignal, { once: true });
    const { runTimeoutMs } = this.settings;
    this.#deadline = setTimeout(
      () => this.stopWith(tr`the run deadline of ${runTimeoutMs} ms (--run-timeout) was reached`),
      runTimeoutMs,
    );
    this.#deadline.unref();
  }

  get signal(): AbortSignal {
    return this.stop.signal;
  }

  enter(phase: RunPhase, waitingFor?: string): void {
    this.where.phase = phase;
    this.where.waitingFor = waitingFor;
  }

  waitingFor(): string | undefined {
    const inFlight = this.inFlight;
    return this.where.phase === 'checks' && inFlight.size
      ? tr`${inFlight.size} check(s) in flight: ${[...inFlight].slice(0, 5).join(', ')}${inFlight.size > 5 ? ', …' : ''}`
      : this.where.waitingFor;
  }

  markStop(): void {
    const waiting = this.waitingFor();
    this.stoppedAt = { phase: this.where.phase, ...(waiting ? { waitingFor: waiting } : {}) };
  }

  stopWith(reason: string): void {
    if (this.stop.signal.aborted) return;
    this.markStop();
    this.stopReason = tr`${reason} (${this.where.phase}${this.stoppedAt?.waitingFor ? tr`, waiting for ${this.stoppedAt.waitingFor}` : ''})`;
    this.stop.abort(this.stopReason);
  }

  /**
   * A request of the checks had to wait for quota past the run deadline: the run stops now (waiting
   * would only reach the deadline), the checks cut short are not finished, and there is no verdict.
   */
  stopForQuota(why: string): void {
    if (this.stop.signal.aborted || this.where.phase !== 'checks') return;
    this.stoppedForQuota = true;
    this.stopWith(`stopped for the rate limit: ${why}`);
  }

  get capabilities(): RunCapabilities | undefined {
    return this.learned?.capabilities;
  }

  /** About how many requests the run sends (set when its checks are selected). */
  estimatedRequests: number | undefined;

  /**
   * The client's quota: the own budget (--rate-limit), waits for quota up to the run deadline, a wait
   * past it stopping the run, and each long wait told with the requests left.
   */
  quotaOptions(): Pick<
    HttpClientOptions,
    'budget' | 'quotaDeadline' | 'onQuotaWait' | 'onQuotaBeyondDeadline'
  > {
    const { options, settings } = this;
    return {
      ...(options.rateLimit ? { budget: parseRate(options.rateLimit) } : {}),
      quotaDeadline: {
        at: this.started + settings.runTimeoutMs,
        what: tr`the run deadline (--run-timeout ${settings.runTimeoutMs} ms)`,
      },
      onQuotaBeyondDeadline: (why) => this.stopForQuota(why),
      onQuotaWait: (wait) => {
        const { estimatedRequests: estimate, client } = this;
        const left =
          estimate !== undefined && client ? Math.max(0, estimate - client.requestCount) : undefined;
        options.onQuotaWait?.({ ...wait, ...(left === undefined ? {} : { requestsLeft: left }) });
      },
    };
  }

  /**
   * About how many requests `checks` selected checks send, and with a budget how long that takes: e.g.
   * 'about 292 requests at 100/m: about 3 min' (undefined without --rate-limit).
   */
  estimate(checks: number): string | undefined {
    this.estimatedRequests = Math.round(REQUESTS_OUTSIDE_CHECKS + REQUESTS_PER_CHECK * checks);
    if (!this.options.rateLimit) return undefined;
    const rate = parseRate(this.options.rateLimit);
    const ms = (this.estimatedRequests / rate.requests) * rate.windowMs;
    const about = ms < 90_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;
    return tr`about ${this.estimatedRequests} requests at ${formatRate(rate)}: about ${about}`;
  }

  /** The run result from what the run knows now (redacted). */
  result(outcome: { results: CheckResult[]; interrupted: boolean; failed?: string }): RunResult {
    const { notes, findings, reference } = this;
    if (this.source) {
      for (const note of this.source.notes())
        if (!notes.includes(tr`event stream: ${note}`)) notes.push(tr`event stream: ${note}`);
      for (const finding of this.source.findings?.() ?? []) findings.add(finding);
    }
    const stoppedReason =
      outcome.failed ?? this.stopReason ?? (outcome.interrupted ? String(this.signal.reason) : undefined);
    if (stoppedReason && !this.stoppedAt) this.markStop();
    const { level, profile, includeExperimental } = this.settings;
    const result: RunResult = {
      tool: { name: 'chat-conformance', version: toolVersion() },
      spec: { name: 'chat-platform-interface', catalogueHash: catalogueHash() },
      target: {
        baseUrl: this.baseUrl,
        embedded: reference !== undefined,
        ...(reference ? { faults: [...reference.faults] } : {}),
      },
      profile,
      level,
      includeExperimental,
      startedAt: this.startedAt.toISOString(),
      durationMs: Math.round(performance.now() - this.started),
      variants: this.variants,
      summary: summarize(outcome.results),
      verdict: computeVerdict(
        outcome.results,
        level,
        includeExperimental,
        outcome.interrupted || stoppedReason !== undefined,
      ),
      checks: outcome.results,
      ...(this.cleanup ? { cleanup: this.cleanup } : {}),
      notes,
      ...(this.sandbox ? { sandbox: this.sandbox } : {}),
      ...(this.capabilities ? { capabilities: this.capabilities } : {}),
      ...(this.peer ? { identities: { peer: { state: this.peer.state, detail: this.peer.detail } } } : {}),
      ...(outcome.interrupted ? { interrupted: true } : {}),
      ...(this.options.seed === undefined ? {} : { seed: this.options.seed }),
      ...(stoppedReason && this.stoppedAt
        ? {
            stopped: {
              reason: stoppedReason,
              ...this.stoppedAt,
              ...(this.stoppedForQuota ? { rateLimited: true } : {}),
            },
          }
        : {}),
      ...(findings.list().length ? { findings: findings.list() } : {}),
    };
    const causes = findCauses(outcome.results, factsOf(result, this.source?.eventCount()));
    if (causes.length) result.causes = causes;
    const undecidedCauses = findUndecidedCauses(outcome.results, result);
    if (undecidedCauses.length) result.undecidedCauses = undecidedCauses;
    return this.redactor.redactValues(result, RUN_SHAPE);
  }

  /** Always, success or not: the deadline, the signal listener, the webhook, the connections, the reference. */
  async teardown(): Promise<void> {
    clearTimeout(this.#deadline);
    this.options.signal?.removeEventListener('abort', this.#onUserSignal);
    if (this.registeredWebhook && this.reference)
      await registerWebhook(this.reference, this.registeredWebhook, 'DELETE').catch(() => undefined);
    await Promise.all([
      this.source?.close().catch(() => undefined),
      this.client?.close().catch(() => undefined),
    ]);
    if (this.ownsReference) await this.reference?.close().catch(() => undefined);
    this.releaseCuts?.();
  }
}

/**
 * What a run result's redaction keeps (the structure the checker made: a short token such as 'x' would
 * garble keys and names) and where a server chose keys too (event bodies).
 */
export const RUN_SHAPE = {
  received: CHECK_SHAPE.received,
  structural: new Set([
    ...CHECK_SHAPE.structural,
    'tool',
    'spec',
    'mode',
    'embedded',
    'faults',
    'profile',
    'includeExperimental',
    'startedAt',
    'variants',
    'summary',
    'verdict',
    'phase',
    'count',
    'kind',
    'operation',
    'checkId',
    'interrupted',
    'rateLimited',
    // A cause's words and ids are the checker's (src/runner/causes.ts); its detail and exchange are redacted.
    'section',
    'fix',
    'checkIds',
    // Where capabilities and identity came from: the checker's words (src/runner/capabilities.ts).
    'source',
    'declaredBy',
    'peerSource',
  ]),
};

/** The embedded reference delivers webhooks to URLs registered on its control endpoint. */
export async function registerWebhook(
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
    throw new Error(tr`registering the webhook failed: HTTP ${response.statusCode}`);
}
