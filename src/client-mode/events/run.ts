/**
 * Runs one event-stream scenario: starts the client with the event environment, lets the scenario's
 * script play the server on the scripted socket, then ends the client (SIGTERM to its process group) and
 * turns the transcript into the check result. Bounded by --scenario-timeout whatever the client does:
 * every wait of the script ends at the deadline, and the client is stopped after it.
 */
import { tr } from '../../i18n/index.js';
import type { ReferenceServer } from '../../reference/contract.js';
import { PLATFORM, SEED } from '../../reference/world.js';
import type { CheckResult, Undecided } from '../../runner/model.js';
import { CLIENT_DEFAULTS } from '../defaults.js';
import { type EventScenario, expectationOf } from '../model.js';
import { startClient } from '../process.js';
import { heldAtOnce } from './connections.js';
import {
  ClientExited,
  type EventConnection,
  EventStage,
  login,
  ScenarioDeadline,
  type TranscriptEntry,
} from './stage.js';

/** Transcript lines kept in the evidence, and shown in the failure note. */
const EVIDENCE_ENTRIES = 200;
const NOTE_ENTRIES = 40;

export interface EventRunContext {
  server: ReferenceServer;
  command: string;
  cwd: string;
  /** The scenario's limit: --scenario-timeout, or the default when none was given. */
  timeoutMs: number;
  /**
   * Whether --scenario-timeout was given: then it is every scenario's limit; without it a scenario that
   * judges a period may run up to its own `limitMs`. Unset: given when timeoutMs is not the default.
   */
  timeoutGiven?: boolean;
  heartbeatMs: number;
  signal?: AbortSignal;
  /** Routes the sockets of {base}/events to this stage while the scenario runs (undefined after). */
  setStage(stage: EventStage | undefined): void;
}

/** The environment of an event scenario (docs/checking-a-client.md, event contract). */
export function eventEnv(server: ReferenceServer, scenarioId: string, heartbeatMs: number) {
  return {
    CONFORMANCE_EVENTS_URL: server.eventsUrl,
    CONFORMANCE_BASE_URL: server.baseUrl,
    CONFORMANCE_TOKEN: server.identities.self.token,
    CONFORMANCE_PLATFORM: PLATFORM,
    CONFORMANCE_SELF_ID: SEED.self,
    CONFORMANCE_SCENARIO: scenarioId,
    CONFORMANCE_HEARTBEAT_MS: String(heartbeatMs),
  };
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? tr`was killed by ${signal}` : tr`exited with code ${code}`;

/**
 * How long a scenario's waits may go on, from its start: `deadline` at first, up to `limit` for one that
 * judges a period (EventStage.extendTo). --scenario-timeout, when given, is both: it caps the scenario.
 */
export function scenarioLimits(scenario: EventScenario, run: EventRunContext) {
  const given = run.timeoutGiven ?? run.timeoutMs !== CLIENT_DEFAULTS.scenarioTimeoutMs;
  if (given || !scenario.limitMs) return { deadline: run.timeoutMs, limit: run.timeoutMs };
  return { deadline: run.timeoutMs, limit: Math.max(run.timeoutMs, scenario.limitMs) };
}

export async function runEventScenario(scenario: EventScenario, run: EventRunContext): Promise<CheckResult> {
  const began = Date.now();
  const { identities } = run.server;
  const limits = scenarioLimits(scenario, run);
  const stage = new EventStage({
    token: identities.self.token,
    selfId: identities.self.userId,
    selfName: identities.self.name,
    platform: PLATFORM,
    deadline: began + limits.deadline,
    limit: began + limits.limit,
    otherLogins: [
      login(2, PLATFORM, identities.peer.userId, identities.peer.name),
      login(3, PLATFORM, identities.third.userId, identities.third.name),
    ],
  });
  run.setStage(stage);
  const client = startClient({
    command: run.command,
    env: eventEnv(run.server, scenario.id, run.heartbeatMs),
    cwd: run.cwd,
    // A backstop only: the client is stopped when the script ends, at the deadline at the latest.
    timeoutMs: limits.limit + 5_000,
    onLine: (line) => stage.line(line),
    onExit: (code, signal) => stage.clientExited(describeExit(code, signal)),
  });
  const onAbort = () => client.stop();
  run.signal?.addEventListener('abort', onAbort, { once: true });
  const problems: string[] = [];
  const notes: string[] = [];
  let undecided: Undecided | undefined;
  let exitProblem = false;
  try {
    await scenario.script({
      stage,
      heartbeatMs: run.heartbeatMs,
      fail: (problem) => problems.push(problem),
      undecided: (state, clear) => {
        undecided ??= { state, clear };
      },
      note: (note) => notes.push(note),
    });
  } catch (error) {
    if (error instanceof ScenarioDeadline)
      problems.push(
        tr`the scenario timed out after ${stage.deadline - began} ms (${limitSource(scenario, run, stage.deadline - began)}) waiting for ${error.message}${unusedConnections(stage)}`,
      );
    else if (error instanceof ClientExited) {
      if (!scenario.mayExit) {
        problems.push(error.message);
        exitProblem = true;
      }
    } else throw error;
  } finally {
    run.signal?.removeEventListener('abort', onAbort);
    stage.end();
  }
  const exitedEarly = stage.exited;
  client.stop();
  const outcome = await client.outcome;
  run.setStage(undefined);
  await stage.settle();
  if (exitedEarly && !scenario.mayExit && !exitProblem)
    problems.push(
      tr`the client ${exitedEarly.how} before the checker ended it (an event client runs until it is stopped)`,
    );
  if ((exitedEarly || outcome.spawnError) && outcome.stderrTail.trim())
    notes.push(tr`stderr: …${redact(outcome.stderrTail.trim().slice(-600), stage.options.token)}`);
  if (outcome.spawnError)
    problems.unshift(tr`the client command could not be started: ${outcome.spawnError}`);
  if (stage.eventsSent > 0 && stage.printed.length === 0)
    notes.push(tr`the client printed no {"event":{…}} line`);
  // Several connections at once, in any scenario (issue 50): said here, and folded into the scenario that
  // judges it (client.events/one-connection-per-login, client-mode/run.ts).
  const held = heldAtOnce(stage);
  if (held && !problems.includes(held.said)) notes.push(held.said);
  const result = toResult(scenario, stage, { problems, notes, undecided }, Date.now() - began);
  if (held) heldInScenario.set(result, held.said);
  return result;
}

/** The scenario results in which the client held several connections at once, with what it did. */
const heldInScenario = new WeakMap<CheckResult, string>();

/**
 * Where a scenario's limit came from, for a timeout's reason: the flag, the scenario's own limit (a
 * scenario that judges a period extended itself), or the default.
 */
export function limitSource(scenario: EventScenario, run: EventRunContext, limitMs: number): string {
  if (run.timeoutGiven ?? run.timeoutMs !== CLIENT_DEFAULTS.scenarioTimeoutMs) return '--scenario-timeout';
  if (scenario.limitMs && limitMs > run.timeoutMs)
    return tr`the scenario's own limit, up to ${scenario.limitMs} ms, as far as it extended itself`;
  return tr`the default limit; --scenario-timeout sets it`;
}

/** Connections the client opened but does not use (identified on and read), as a clause of a timeout. */
function unusedConnections(stage: EventStage): string {
  const unused = stage.connections.filter((connection) => !connection.used && !connection.closed);
  if (unused.length === 0) return '';
  const identified = unused.filter((connection) => connection.identifiedAt !== undefined);
  const which = (list: EventConnection[]) => list.map((connection) => connection.number).join(', ');
  const silent = unused.filter((connection) => connection.identifiedAt === undefined);
  const read = identified.length
    ? identified.length > 1
      ? tr`identified on connections ${which(identified)} but never read them (no answer to the checker's WebSocket ping)`
      : tr`identified on connection ${which(identified)} but never read it (no answer to the checker's WebSocket ping)`
    : '';
  const sent = silent.length
    ? silent.length > 1
      ? tr`sent no IDENTIFY on connections ${which(silent)}`
      : tr`sent no IDENTIFY on connection ${which(silent)}`
    : '';

  // PINGs written but no ping answered: a reader whose socket library answers no ping looks the same.
  const pinging = identified.filter((connection) => connection.unansweredHeartbeats >= 2);
  const why = pinging.length
    ? pinging.length > 1
      ? tr` (it sent PING on them but answered no WebSocket ping: every endpoint answers one as it reads, RFC 6455 §5.5.2, and it is how the checker tells the connection a client reads)`
      : tr` (it sent PING on it but answered no WebSocket ping: every endpoint answers one as it reads, RFC 6455 §5.5.2, and it is how the checker tells the connection a client reads)`
    : '';
  return read && sent ? tr`; the client ${read} and ${sent}${why}` : tr`; the client ${read || sent}${why}`;
}

const redact = (text: string, token: string) => text.split(token).join('$TOKEN');

const render = (entry: TranscriptEntry): string => {
  const where = entry.connection ? `#${entry.connection} ` : '';
  const arrow = { client: '→', checker: '←', stdout: tr`printed`, process: '·' }[entry.from];
  return `${String(entry.at).padStart(6)} ms ${where}${arrow} ${entry.text}`;
};

/**
 * The note of a failed or undecided scenario: the frames exchanged (→ from the client, ← from the checker)
 * and the lines printed, tokens redacted — the latest NOTE_ENTRIES of every line written, numbered among
 * them (a flood's end, not the end of what the evidence kept).
 */
export function transcriptNote(stage: EventStage): string {
  const shown = stage.latest.slice(-NOTE_ENTRIES);
  const first = stage.lines - shown.length + 1;
  const header =
    stage.lines > shown.length ? tr` (lines ${first}–${stage.lines} of ${stage.lines}, the latest)` : '';
  const kept =
    stage.lines > EVIDENCE_ENTRIES ? tr`; the evidence's events are the first ${EVIDENCE_ENTRIES}` : '';
  return tr`transcript${header}${kept}:\n${shown.map(render).join('\n')}`;
}

interface Verdict {
  problems: string[];
  notes: string[];
  /** Set when the scenario could not be decided: a skip, never a pass (only when nothing failed). */
  undecided?: Undecided;
}

function toResult(
  scenario: EventScenario,
  stage: EventStage,
  { problems, notes, undecided: unclear }: Verdict,
  durationMs: number,
): CheckResult {
  const [failure] = problems;
  const undecided = failure ? undefined : unclear;
  const reason = failure ?? (undecided && tr`could not be decided: ${undecided.state} (${undecided.clear})`);
  const transcript = stage.transcript;
  if (reason) notes.push(transcriptNote(stage));
  return {
    id: scenario.id,
    title: scenario.title,
    group: 'events',
    level: scenario.level,
    experimental: false,
    rules: scenario.rules,
    operations: [],
    status: failure ? 'fail' : undecided ? 'skip' : 'pass',
    ...(reason ? { reason } : {}),
    ...(undecided ? { undecided } : {}),
    durationMs,
    evidence: {
      expected: expectationOf(scenario),
      ...(failure ? { observed: problems.join('; ') } : {}),
      exchanges: [],
      events: transcript.slice(0, EVIDENCE_ENTRIES),
      ...(notes.length ? { notes } : {}),
    },
  };
}

/**
 * client.events/one-connection-per-login judges connections held at once in every event scenario of the
 * run (issue 50): one that another scenario saw fails it, naming the scenarios and what the client did.
 */
export function foldHeldConnections(
  target: CheckResult,
  results: readonly (CheckResult | undefined)[],
): void {
  const elsewhere = results.flatMap((result) => {
    const said = result && result !== target ? heldInScenario.get(result) : undefined;
    return said ? [{ id: result!.id, said }] : [];
  });
  if (elsewhere.length === 0) return;
  const names = elsewhere.map((entry) => entry.id.replace(/^client\.events\//, '')).join(', ');
  const [{ said }] = elsewhere;
  const reason =
    elsewhere.length > 1
      ? tr`in ${elsewhere.length} other scenarios (${names}): ${said}`
      : tr`in ${elsewhere.length} other scenario (${names}): ${said}`;
  const notes = [
    ...(target.evidence?.notes ?? []),
    ...elsewhere.map((entry) => `${entry.id}: ${entry.said}`),
  ];
  target.evidence = { ...target.evidence!, notes };
  if (target.status === 'fail') return;
  Object.assign(target, { status: 'fail', reason });
  delete target.undecided;
  target.evidence = { ...target.evidence!, observed: reason };
}
