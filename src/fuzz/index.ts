/**
 * `conformance fuzz` as a function (issue 23): the same target, identity, sandbox, ledger, cleanup and
 * result model as run() (src/index.ts), its steps taken from src/run-steps.ts; between discovery and the
 * cleanup, the generated properties instead of the checks. A layer of its own above the composition
 * (ARCHITECTURE.md): it uses the run's steps, nothing below imports it.
 */

import { openEventSource } from '../events/index.js';
import { tr } from '../i18n/index.js';
import { validateRunOptions } from '../options.js';
import { RunState } from '../run-state.js';
import {
  detectTargetVariants,
  findSandbox,
  makeClient,
  recoverOrThrow,
  resolveTarget,
} from '../run-steps.js';
import { offeredOperations } from '../runner/capabilities.js';
import type { CheckEnvironment } from '../runner/context/environment.js';
import { ConfigurationError } from '../runner/errors.js';
import type { RunResult } from '../runner/model.js';
import { undoLedger } from '../runner/run.js';
import { type PropertyOutcome, runProperties, runProperty } from './engine.js';
import { invalidProperties } from './invalid.js';
import type { FuzzEnv } from './model.js';
import { type FuzzOptions, type ReplayFinding, settleFuzz } from './options.js';
import type { FuzzProperty } from './property.js';
import { checkResults, controlledOperations, fuzzSection } from './results.js';
import { prepareEnv } from './setup.js';
import { statefulProperties } from './stateful.js';
import { validProperties } from './valid.js';

export { type FuzzOptions, parseBudget, readReplay } from './options.js';

/** The share of --budget left for the cleanup after generation (undoing what the properties created). */
const CLEANUP_SHARE = 0.12;

/**
 * Every property, cheapest first: invalid inputs (one request a run), valid ones, then the sequences,
 * which take what is left of the budget (engine.ts: each property gets a fair share of the time left).
 */
export const allProperties = (): FuzzProperty[] => [
  ...invalidProperties(),
  ...validProperties,
  ...statefulProperties(),
];

function select(properties: FuzzProperty[], grep: string | undefined): FuzzProperty[] {
  if (!grep) return properties;
  const pattern = new RegExp(grep);
  return properties.filter(
    (property) => pattern.test(property.key) || property.oracles.some((oracle) => pattern.test(oracle.id)),
  );
}

/** Replays each finding of an earlier report: its property, seed and path, its oracle only. */
async function replay(
  env: FuzzEnv,
  findings: readonly ReplayFinding[],
  deadline: number,
): Promise<PropertyOutcome[]> {
  const properties = new Map(allProperties().map((property) => [property.key, property]));
  const outcomes: PropertyOutcome[] = [];
  for (const finding of findings) {
    const property = properties.get(finding.property);
    if (!property)
      throw new ConfigurationError(
        tr`--replay: no fuzz property '${finding.property}' (the report is from another version?)`,
      );
    outcomes.push(
      await runProperty(env, property, {
        seed: finding.seed,
        runs: 1,
        deadline,
        replay: { oracle: finding.id, path: finding.path, replayPath: finding.replayPath },
      }),
    );
  }
  return outcomes;
}

/**
 * Issue 46: READY's logins may be the only place a login declares its features (de-facto conventions,
 * "What a login offers"), so the fuzz reads them as a run does, from a WebSocket opened for READY alone
 * (unless events are webhook or none). A stream that is not there is a note: login.get and meta remain.
 */
async function readReady(
  state: RunState,
  target: Awaited<ReturnType<typeof resolveTarget>>,
  events: FuzzOptions['events'],
): Promise<void> {
  if (events === 'none' || events === 'webhook') return;
  const { options, reference, settings } = state;
  const url =
    options.eventsUrl ??
    reference?.eventsUrl ??
    `${state.baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}/events`;
  try {
    state.source = await openEventSource({
      kind: 'ws',
      url,
      ...(target.token ? { token: target.token } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(target.selfId ? { selfId: target.selfId } : {}),
      ...(target.platform ? { platform: target.platform } : {}),
      connectTimeoutMs: Math.min(settings.timeoutMs, 5_000),
      signal: state.signal,
    });
  } catch (error) {
    state.notes.push(
      tr`features: no READY read (${state.redactor.redactComposed((error as Error).message)}); login.get and meta tell them`,
    );
  }
}

/** Generates, sends and judges; cleans up what it created; the result (report.json) with its fuzz section. */
export async function fuzz(options: FuzzOptions): Promise<RunResult> {
  const settings = settleFuzz(options);
  validateRunOptions(settings.runOptions);
  const state = new RunState(settings.runOptions);
  try {
    const target = await resolveTarget(state);
    const { client, ledger } = makeClient(state, target);
    await readReady(state, target, options.events);
    const sandbox = await findSandbox(state, client, target);
    // READY told what it could (capabilities are learned): the fuzz judges no events.
    await state.source?.close().catch(() => undefined);
    state.source = undefined;
    await detectTargetVariants(state, client, sandbox, ledger);
    state.enter('checks', tr`the generated properties`);
    const env = await prepareEnv({
      client,
      ledger,
      sandbox,
      variants: state.variants,
      limitBound: target.limitBound,
      signal: state.signal,
      notes: state.notes,
      // The reactions' control needs an emoji the target takes (run-steps' default: 👍).
      emoji: options.emoji?.[0],
      features: offeredOperations(state.capabilities),
    });
    // The budget covers the whole fuzz: generation stops early enough for the cleanup to fit (CLEANUP_SHARE).
    const deadline = state.started + settings.budgetMs * (1 - CLEANUP_SHARE);
    const selected = select(allProperties(), options.grep);
    options.onStart?.({ properties: selected.length, seed: settings.seed, target: state.baseUrl });
    const outcomes = settings.replay
      ? await replay(env, settings.replay.findings, deadline)
      : await runProperties(env, selected, {
          seed: settings.seed,
          runs: settings.runs,
          deadline,
          concurrency: settings.concurrency,
          ...(options.onProperty ? { onDone: options.onProperty } : {}),
        });
    // A refusal oracle passes only with its operation's control (controls.ts): sent now where the setup
    // and the valid inputs sent none, so that what they create is undone by the cleanup below.
    await env.controls?.settle(controlledOperations(outcomes));
    state.enter('cleanup', tr`the undo of ${ledger.pending().length} ledger entries`);
    state.cleanup = await undoLedger({ client, ledger } as CheckEnvironment, state.settings.cleanupBudgetMs);
    const interrupted = state.signal.aborted && state.stopReason === undefined;
    const result = state.result({ results: checkResults(outcomes, env.controls), interrupted });
    return {
      ...result,
      fuzz: state.redactor.redactValues(
        fuzzSection(outcomes, {
          seed: settings.seed,
          runs: settings.runs,
          budgetMs: settings.budgetMs,
          replay: settings.replay?.file,
        }),
      ),
    };
  } catch (error) {
    return await recoverOrThrow(state, error);
  } finally {
    await state.teardown();
  }
}
