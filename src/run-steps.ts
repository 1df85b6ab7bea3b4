import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { warmValidators } from '../spec/validate.js';
import { HttpClient } from './client/http.js';
import { describePacing } from './client/pacer.js';
import { FRAGMENT_LENGTH, shortTokenNote } from './client/redact.js';
import { startEmbedded } from './embedded.js';
import { openEventSource, registrationBody, type WebhookSource } from './events/index.js';
import { NoReadyError } from './events/ws.js';
import { tr } from './i18n/index.js';
import { DEFAULTS, type RunOptions } from './options.js';
import type { ReferenceServer } from './reference/contract.js';
import {
  defaultVariants,
  PhaseStopped,
  type RunState,
  registerWebhook,
  type Target,
  unlessStopped,
} from './run-state.js';
import { learnFromServer, offeredOperations } from './runner/capabilities.js';
import type { CheckDefinition, Sandbox } from './runner/check.js';
import { AdaptiveLimit } from './runner/concurrency.js';
import { confirmFailures } from './runner/confirm.js';
import type { CheckEnvironment } from './runner/context/environment.js';
import { UnreachableError } from './runner/errors.js';
import { unprovenSilence, waitedInVain } from './runner/event-silence.js';
import { firstContact as describeFirstContact } from './runner/first-contact.js';
import { journalPath, journalTarget } from './runner/journal.js';
import { Ledger } from './runner/ledger.js';
import { undoCurl } from './runner/left-behind-file.js';
import { loadChosenChecks } from './runner/load.js';
import type { CheckResult, RunResult } from './runner/model.js';
import { type PeerStanding, peerNote, provePeerInSandbox } from './runner/peer.js';
import {
  type EngineOptions,
  type EngineOutcome,
  executeChecks,
  undoLedger,
  VARIANT_DETECTION,
} from './runner/run.js';
import { resolveSandbox } from './runner/sandbox.js';
import { runValidator } from './runner/schema.js';
import { countsTowardVerdict } from './runner/summary.js';
import { chooseTrigger, type Trigger } from './runner/trigger.js';
import { detectVariants } from './runner/variants.js';

/** Resolution of the event-loop delay monitor that tells adaptive concurrency the checker is busy. */
const LOOP_RESOLUTION_MS = 20;

/** Unicode emoji: what servers of the family most often take as emoji_id (the reference takes any id). */
const DEFAULT_EMOJI = ['👍', '❤️'];

/** Said in English in every language: the undecided causes and the suites know it by these words. */
const TRIGGER_MISSING =
  'needs a trigger to cause incoming events: pass --trigger-url URL or --trigger-command CMD (or run --embedded)';

/** The checks to choose from: given, or loaded from the suites folder(s). */
export const loadRunChecks = (options: RunOptions): Promise<CheckDefinition[]> =>
  loadChosenChecks(options.checks, options.suitesDir);

/** Starts the embedded reference when asked; settles the base URL, identities and variants. */
export async function resolveTarget(state: RunState): Promise<Target> {
  const { options, notes } = state;
  if (state.ownsReference) {
    state.reference = await startEmbedded({
      ...(options.faults?.length ? { faults: options.faults } : {}),
      ...(options.tolerances?.length ? { tolerances: options.tolerances } : {}),
      ...(options.variants ? { variants: options.variants as never } : {}),
      ...(options.limitBound !== undefined ? { limitBound: options.limitBound } : {}),
      ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
      ...(options.dirty ? { dirty: options.dirty } : {}),
      ...(options.vacuity ? { vacuity: options.vacuity } : {}),
    });
  }
  const reference = state.reference;
  if (reference?.tolerances.length)
    notes.push(tr`reference tolerances on: ${reference.tolerances.join(', ')}`);
  if (reference?.dirty.length) notes.push(tr`reference world dirty: ${reference.dirty.join(', ')}`);
  if (reference?.vacuity) notes.push(tr`reference replaced by the do-nothing server ${reference.vacuity}`);
  const identities = reference?.identities;
  state.baseUrl = reference?.baseUrl ?? options.baseUrl!;
  state.variants = { ...defaultVariants(), ...(reference?.variants ?? {}), ...(options.variants ?? {}) };
  return {
    token: options.token ?? identities?.self.token,
    platform: options.platform ?? identities?.self.platform,
    selfId: options.selfId ?? identities?.self.userId,
    peerToken: options.peerToken ?? identities?.peer.token,
    peerSelfId: options.peerSelfId ?? identities?.peer.userId,
    limitBound: options.limitBound ?? reference?.limitBound,
    // A token of the run's own for the receiver it registers (never printed: the client redacts it).
    ...(state.settings.events === 'webhook'
      ? { webhookToken: options.webhookToken ?? randomBytes(24).toString('base64url') }
      : {}),
  };
}

/** The HTTP client and the ledger of what the run creates (kept on disk when --ledger-file is set). */
export function makeClient(state: RunState, target: Target): { client: HttpClient; ledger: Ledger } {
  const { options, reference } = state;
  state.clientIdentity = {
    self: { token: target.token, platform: target.platform, selfId: target.selfId },
    peer: { token: target.peerToken, selfId: target.peerSelfId },
  };
  const client = new HttpClient({
    baseUrl: state.baseUrl,
    ...state.clientIdentity,
    ...(options.headers ? { headers: options.headers } : {}),
    timeoutMs: state.settings.timeoutMs,
    findings: state.findings,
    onUnresponsive: (why) => state.stopWith(tr`the target is unresponsive: ${why}`),
    ...state.quotaOptions(),
    // The embedded reference's tokens are published constants, not secrets (see Redactor).
    publicTokens: options.token === undefined && options.peerToken === undefined && reference !== undefined,
    ...(target.webhookToken ? { webhookToken: target.webhookToken } : {}),
  });
  state.client = client;
  state.redactor = client.redactor;
  // Every cut of the process (`shorten`: messages, snippets, notes) redacts this run's tokens first.
  state.releaseCuts = client.redactor.guardCuts();
  for (const [flag, token] of [
    ['--token', options.token],
    ['--peer-token', options.peerToken],
  ] as const)
    if (token && token.length < FRAGMENT_LENGTH) state.notes.push(shortTokenNote(flag));
  const ledger = new Ledger();
  state.ledger = ledger;
  if (options.ledgerFile) {
    ledger.persistTo({
      path: options.ledgerFile,
      curl: undoCurl(client),
      // The journal `conformance cleanup` reads after a killed run (issue 49 item 7): no token in it.
      journal: {
        path: journalPath(dirname(options.ledgerFile)),
        target: journalTarget(client.baseUrl, target),
      },
      redact: (text) => client.redactor.redactComposed(text),
    });
  }
  return { client, ledger };
}

/**
 * Opens the event stream (before discovery: READY's logins may tell the bot's user id and features,
 * de-facto conventions, Events; learnCapabilities reads them). Returns why events are unavailable, the
 * skip reason of checks needing them (events off: in English, the undecided causes read its words).
 */
export async function openEvents(state: RunState, target: Target): Promise<string> {
  const { options, notes, findings, reference, settings } = state;
  const eventsOff = 'needs an event stream: events are off (--events none); pass --events ws or webhook';
  if (settings.events === 'none') return eventsOff;
  const eventsUrl =
    options.eventsUrl ??
    reference?.eventsUrl ??
    `${state.baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}/events`;
  state.where.waitingFor =
    settings.events === 'ws'
      ? tr`the event WebSocket and its READY (${eventsUrl})`
      : tr`the webhook receiver`;
  const { token, selfId, platform } = target;
  try {
    const source = await unlessStopped(
      openEventSource(
        settings.events === 'ws'
          ? {
              kind: 'ws',
              url: eventsUrl,
              ...(token ? { token } : {}),
              ...(options.headers ? { headers: options.headers } : {}),
              ...(selfId ? { selfId } : {}),
              ...(platform ? { platform } : {}),
              connectTimeoutMs: Math.min(settings.timeoutMs, 10_000),
              signal: state.signal,
            }
          : {
              kind: 'webhook',
              listen: options.webhookListen ?? '127.0.0.1:0',
              ...(options.webhookToken ? { registeredToken: options.webhookToken } : {}),
              ...(token ? { appToken: token } : {}),
              ...(selfId ? { selfId } : {}),
            },
      ),
      state.signal,
      (late) => void late.close().catch(() => undefined),
    );
    state.source = source;
    if (source.kind === 'webhook') await registerReceiver(state, source as WebhookSource, target);
    for (const note of source.notes()) notes.push(tr`event stream: ${note}`);
    return eventsOff; // unused while the source is open
  } catch (error) {
    if (error instanceof PhaseStopped) throw error;
    const message = (error as Error).message;
    if (error instanceof NoReadyError) {
      for (const finding of error.findings) findings.add(finding);
      findings.add({
        id: 'events/no-ready',
        level: 'should',
        title: tr`The event stream never sent READY after IDENTIFY (event checks are skipped)`,
        detail: message,
      });
    }
    notes.push(tr`event stream unavailable: ${message}`);
    return tr`needs an event stream, but it could not be opened (${message}); check --events-url or use --events webhook`;
  }
}

/**
 * Where the server offers the family's {base}/meta/webhook.create {url, token?} (de-facto-conventions.md
 * "Webhooks"; satorijs/satori packages/server/src/index.ts, answering {}), the run registers its receiver
 * with a fresh token of its own and the ledger removes it at the end ({base}/meta/webhook.delete {url}).
 * Not when the user registered it (--webhook-token). Not offered: the embedded reference registers it on
 * its control endpoint; another server is told the URL to register. Never a failure.
 */
async function registerReceiver(state: RunState, source: WebhookSource, target: Target): Promise<void> {
  const { options, notes, reference, client, ledger } = state;
  const url = source.webhookUrl;
  const byHand = tr`webhook receiver listening at ${url}: register it with the implementation`;
  if (options.webhookToken) {
    notes.push(tr`${byHand} (with the token of --webhook-token)`);
    return;
  }
  const token = target.webhookToken;
  const refused = client && token ? await createWebhook(state, client, url, token) : tr`no client`;
  if (refused === undefined && token) {
    source.registeredWith(token, 'checker');
    ledger?.add(
      {
        kind: 'webhook',
        label: tr`webhook registration of ${url}`,
        undo: ['meta/webhook.delete', { url }],
        atEnd: true,
      },
      EVENT_STREAM,
    );
    notes.push(tr`webhook receiver ${url} registered through meta/webhook.create (removed at the end)`);
    return;
  }
  if (reference) {
    await registerWebhook(reference, url, 'POST');
    state.registeredWebhook = url;
    // The control endpoint registers with the app token (src/reference/control-endpoint.ts).
    source.registeredWith(reference.identities.self.token, 'checker');
    return;
  }
  notes.push(tr`${byHand} (meta/webhook.create: ${refused})`);
}

/** The ledger's name for what the run sets up for its event stream. */
const EVENT_STREAM = 'event stream';

/** Registers the receiver; undefined when done, else why not (said in a note: no failure either way). */
async function createWebhook(
  state: RunState,
  client: HttpClient,
  url: string,
  token: string,
): Promise<string | undefined> {
  try {
    const { result } = await unlessStopped(
      client.call('meta/webhook.create', registrationBody(url, token), { signal: state.signal }),
      state.signal,
    );
    if (result.ok) return undefined;
    // 404/405/501, or a server that says so otherwise: the route is not offered.
    const notOffered =
      [404, 405, 501].includes(result.status) || /not[ _-]?(implemented|found)/i.test(result.text);
    return notOffered ? tr`not offered, HTTP ${result.status}` : tr`refused, HTTP ${result.status}`;
  } catch (error) {
    if (error instanceof PhaseStopped) throw error;
    return state.redactor.redactComposed((error as Error).message);
  }
}

/**
 * Issue 46: what the login offers (its features from READY, login.get or meta) and, where the flags do not
 * say, who the run acts as (src/runner/capabilities.ts), before discovery and the selection of checks.
 * Asked once per run: `conformance fuzz` comes here through findSandbox.
 */
export async function learnCapabilities(state: RunState, client: HttpClient, target: Target): Promise<void> {
  if (state.learned) return;
  const { options, reference } = state;
  state.enter(
    'discovery',
    tr`what the login offers and who the run acts as (meta, login.get at ${state.baseUrl})`,
  );
  const peerGiven = Boolean(target.peerToken || target.peerSelfId);
  const learning = learnFromServer({
    client,
    ...(state.source?.ready ? { readyBody: state.source.ready.body } : {}),
    given: {
      ...(target.platform ? { platform: target.platform } : {}),
      ...(target.selfId ? { selfId: target.selfId } : {}),
      source: options.selfId ? 'flags' : reference ? 'reference' : 'none',
      peerGiven,
      ...(peerGiven ? { peerSource: options.peerToken || options.peerSelfId ? 'flags' : 'reference' } : {}),
    },
    adopt: (identity) => {
      if (identity.selfId) target.selfId = identity.selfId;
      if (identity.platform) target.platform = identity.platform;
      if (identity.peerSelfId) target.peerSelfId = identity.peerSelfId;
      // The client reads these at each request: its headers name the identity chosen from here on.
      Object.assign(state.clientIdentity.self, { platform: target.platform, selfId: target.selfId });
      state.clientIdentity.peer.selfId = target.peerSelfId;
    },
    signal: state.signal,
  });
  state.learned = await unlessStopped(learning, state.signal);
  state.notes.push(...state.learned.notes);
}

/** Discovery: the sandbox guild and channel (embedded: the reference's seeded ones, so a fault cannot
 * hide behind discovery). */
export async function findSandbox(state: RunState, client: HttpClient, target: Target): Promise<Sandbox> {
  await learnCapabilities(state, client, target);
  const { options, reference } = state;
  state.enter('discovery', tr`guild.list / channel.list at ${state.baseUrl}`);
  const resolved = await unlessStopped(
    resolveSandbox(
      client,
      {
        guildId: options.guild ?? reference?.sandbox.guildId,
        channelId: options.channel ?? reference?.sandbox.channelId,
        selfId: target.selfId,
        peerId: target.peerSelfId,
        userId: options.user,
      },
      {
        offered: offeredOperations(state.capabilities),
        featuresFrom: state.capabilities?.source,
        ...(state.learned?.loginGet ? { loginGet: state.learned.loginGet.result } : {}),
      },
      state.signal,
    ),
    state.signal,
  );
  state.notes.push(...resolved.notes);
  state.sandbox = resolved.sandbox;
  return resolved.sandbox;
}

/** Issue 41: the peer proven another account before any check acts as it (src/runner/peer.ts), noted. */
export async function provePeerDistinct(
  state: RunState,
  client: HttpClient,
  sandbox: Sandbox,
  target: Target,
  ledger: Ledger,
): Promise<PeerStanding> {
  state.enter('discovery', tr`the peer identity (is it another account?)`);
  const { loginGet } = state.learned ?? {};
  const proof = provePeerInSandbox({
    client,
    sandbox,
    ledger,
    target,
    signal: state.signal,
    ...(loginGet ? { botLogin: loginGet } : {}),
  });
  state.peer = await unlessStopped(proof, state.signal);
  const note = peerNote(state.peer);
  if (note) state.notes.push(note);
  return state.peer;
}

/** §4.8: which variant the target follows is not shown, so probe it (--variant overrides a point). */
export async function detectTargetVariants(
  state: RunState,
  client: HttpClient,
  sandbox: Sandbox,
  ledger: Ledger,
): Promise<void> {
  if (state.reference) return; // the reference says which variants it follows
  state.enter('variants', tr`the §4.8 variant probes`);
  const detection = await unlessStopped(
    detectVariants(
      async (operation, fields) =>
        (await client.call(operation, fields ?? {}, { signal: state.signal })).result,
      sandbox,
      state.options.variants ?? {},
    ),
    state.signal,
  );
  Object.assign(state.variants, detection.variants);
  state.notes.push(...detection.notes.map((note) => tr`variant ${note}`));
  for (const entry of detection.undo) ledger.add(entry, VARIANT_DETECTION);
}

/** What causes incoming events: --trigger-url, --trigger-command, or the embedded reference's control. */
export const makeTrigger = (
  options: RunOptions,
  reference: ReferenceServer | undefined,
): Trigger | undefined =>
  chooseTrigger(
    options,
    reference && { controlUrl: reference.controlUrl, token: reference.identities.self.token },
  );

/** What a check sees of the run (t.*). */
export function checkEnvironment(
  state: RunState,
  parts: {
    client: HttpClient;
    ledger: Ledger;
    sandbox: Sandbox;
    target: Target;
    trigger?: Trigger | undefined;
  },
  eventsUnavailableReason: string,
): CheckEnvironment {
  const { options } = state;
  return {
    client: parts.client,
    sandbox: parts.sandbox,
    variants: state.variants,
    config: {
      ...(parts.target.limitBound !== undefined ? { limitBound: parts.target.limitBound } : {}),
      hasToken: Boolean(parts.target.token),
      emoji: options.emoji ?? DEFAULT_EMOJI,
      ...(state.peer && !['distinct', 'absent'].includes(state.peer.state)
        ? { peerActs: false as const }
        : {}),
    },
    ledger: parts.ledger,
    source: state.source,
    eventsUnavailableReason,
    ...(state.settings.events !== 'none' && !state.source ? { eventsBroken: true } : {}),
    trigger: parts.trigger,
    ...(state.peer && state.peer.state !== 'absent' ? { peer: state.peer } : {}),
    triggerUnavailableReason: TRIGGER_MISSING,
    eventTimeoutMs: state.settings.eventTimeoutMs,
    // Profile satori: what the conventions add to each value is one should finding per field (§2).
    validate: runValidator(
      state.settings.profile === 'satori' ? (finding) => state.findings.add(finding) : undefined,
    ),
  };
}

/** Runs the selected checks, then the cleanup (the engine's own phase); reports progress through options. */
export async function runChecks(
  state: RunState,
  selected: CheckDefinition[],
  env: CheckEnvironment,
  target: Target,
): Promise<EngineOutcome> {
  const { options, settings } = state;
  state.enter('checks');
  const features = offeredOperations(state.capabilities);
  // The checks read it too: a helper operation the login does not offer is not called (check.ts `helpers`).
  if (features) env.config = { ...env.config, features };
  const estimate = state.estimate(selected.length);
  if (estimate) state.notes.push(tr`estimate at the start: ${estimate}`);
  const start = { total: selected.length, target: state.baseUrl, ...(estimate ? { estimate } : {}) };
  const firstContact = describeFirstContact(selected, env, settings.events, state.learned);
  options.onRunStart?.({ ...start, firstContact });
  // Adaptive unless --concurrency fixes it (issue 21): it follows the target's latency and 429s.
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const adaptive =
    options.concurrency === undefined
      ? new AdaptiveLimit({
          initial: DEFAULTS.concurrency,
          ...(env.client.firstLatencyMs === undefined ? {} : { initialLatencyMs: env.client.firstLatencyMs }),
          // How late the checker's own timers ran since the last look (its CPU is the bottleneck).
          ownLagMs: () => {
            const lag = Math.max(0, loop.mean / 1e6 - LOOP_RESOLUTION_MS);
            loop.reset();
            return Number.isFinite(lag) ? lag : 0;
          },
        })
      : undefined;
  const stopListening = adaptive
    ? env.client.onResponse((sample) => adaptive.sample(sample.ms, sample.status))
    : undefined;
  const engine: EngineOptions = {
    concurrency: options.concurrency ?? DEFAULTS.concurrency,
    onCleanupStart: () => {
      stopListening?.();
      loop.disable();
      state.enter('cleanup', tr`the undo of ${env.ledger.pending().length} ledger entries`);
    },
    ...(adaptive ? { limit: adaptive } : {}),
    checkTimeoutMs: options.checkTimeoutMs ?? DEFAULTS.checkTimeoutMs,
    capabilities: {
      peer: Boolean(options.peerToken || target.peerSelfId),
      allowDestructive: options.allowDestructive ?? false,
      ...(features ? { features } : {}),
    },
    signal: state.signal,
    cleanup: options.cleanup !== false,
    stopReason: () => state.stopReason,
    stoppedForQuota: () => state.stoppedForQuota,
    stragglerGraceMs: Math.min(12_000, settings.timeoutMs + 1_000),
    cleanupBudgetMs: settings.cleanupBudgetMs,
    // Never awaited: a failure here shows again, with its context, where a check validates.
    idleWork: () => warmValidators(env.variants).catch(() => undefined),
    onCheckStart: (check) => {
      state.inFlight.add(check.id);
      options.onCheckStart?.(check);
    },
    onCheckResult: (checkResult, progress) => {
      state.inFlight.delete(checkResult.id);
      options.onCheckResult?.(checkResult, progress);
    },
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  };
  const mainPassStarted = performance.now();
  const outcome = await executeChecks(selected, env, engine);
  if (options.confirm !== false && !outcome.interrupted && !state.stopReason) {
    const counting = { level: settings.level, includeExperimental: settings.includeExperimental };
    const confirmed = await confirmFailures(outcome.results, selected, env, {
      counts: (result) => countsTowardVerdict(result, counting),
      engine,
      // Half the main pass, at least 5 s: confirming may not double a run (confirm.ts starts no re-run
      // that would not end within it; the run deadline still holds).
      budgetMs: Math.max(5_000, (performance.now() - mainPassStarted) / 2),
      queuedMs: outcome.queuedMs,
    });
    outcome.results = confirmed.results;
    outcome.cleanup = [...outcome.cleanup, ...confirmed.cleanup];
  }
  if (adaptive) state.notes.push(adaptive.describe());
  state.cleanup = outcome.cleanup;
  const pacing = describePacing(env.client.pacer.report());
  if (pacing) state.notes.push(pacing);
  options.onCleanup?.(outcome.cleanup);
  return outcome;
}

/** The result of a finished run (a stop by the user's signal is `interrupted`; a deadline is `stopped`). */
export const finishedResult = (state: RunState, outcome: EngineOutcome): RunResult =>
  state.result({
    results: withoutDeliveries(state, outcome.results),
    interrupted: outcome.interrupted && state.stopReason === undefined,
  });

/**
 * A stream that delivered no event at all in the whole run, over a transport that never showed it works
 * (a webhook receiver, most likely never registered; a WebSocket that never sent READY): each check that
 * waited for an event in vain is undecided (the run ends NO VERDICT), not a failure of a server that may
 * work (issue 32). A webhook also gets one finding naming the URL to register.
 */
function withoutDeliveries(state: RunState, results: CheckResult[]): CheckResult[] {
  const silence = unprovenSilence(state.source);
  if (!silence) return results;
  if (!results.some(waitedInVain)) return results;
  if (silence.finding) state.findings.add(silence.finding);
  const { undecided } = silence;
  return results.map((check) => {
    if (!waitedInVain(check)) return check;
    const { confirmation: _confirmation, ...rest } = check;
    return { ...rest, status: 'skip', reason: tr`could not be decided: ${undecided.state}`, undecided };
  });
}

/** A run that ended before or outside its checks: what it knew, on the error (exit 2/3), for the reports. */
export type RunError = Error & { partialResult?: RunResult };

/**
 * After an error: still undo what variant detection created, and say where the run stopped. A stop by
 * the user's signal is a result (interrupted); anything else is thrown, carrying the partial result.
 */
export async function recoverOrThrow(state: RunState, error: unknown): Promise<RunResult> {
  const { options, client, ledger } = state;
  // The phase the run stopped in is the one it failed in, not the cleanup that follows.
  if (!state.stoppedAt) state.markStop();
  if (ledger && state.cleanup === undefined && client && options.cleanup !== false) {
    state.enter('cleanup', state.where.waitingFor);
    state.cleanup = await undoLedger(
      { client, ledger, eventsUnavailableReason: '', triggerUnavailableReason: '' } as CheckEnvironment,
      state.settings.cleanupBudgetMs,
    );
    options.onCleanup?.(state.cleanup);
  }
  const userStop = state.signal.aborted && state.stopReason === undefined;
  if (error instanceof PhaseStopped && userStop) return state.result({ results: [], interrupted: true });
  const stopped =
    error instanceof PhaseStopped
      ? new UnreachableError(
          tr`The run stopped before its checks: ${state.stopReason ?? error.message}. Check that the implementation answers at ${state.baseUrl}, or raise --run-timeout.`,
          state.baseUrl,
        )
      : error;
  if (stopped instanceof Error) {
    stopped.message = state.redactor.redactComposed(stopped.message);
    Object.defineProperty(stopped, 'partialResult', {
      value: state.result({ results: [], interrupted: false, failed: stopped.message }),
      enumerable: false,
    });
  }
  throw stopped;
}
